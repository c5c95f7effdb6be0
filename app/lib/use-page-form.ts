import { useId, useRef } from 'react';
import { useFetcher, useFetchers } from 'react-router';
import type { ActionResult, FormSchema } from './forms';
import { toast } from './toast';
import { useForm } from './use-form';
import { useOnResult } from './use-on-result';

/**
 * One of the forms of a back-office page about one record (an order, an enquiry) that stays on
 * the page: posts with a fetcher, toasts the answer's message, clears itself on success. Every form
 * of `page` is busy while any of them is sent or its answer loaded: a step can move the record on,
 * and a form says the state it acts from (sent meanwhile, it would be refused as someone else's
 * change). Only the page's own fetchers count, by their key: not one another page left, such as a
 * search's suggestions still loading when it was left.
 */
export function usePageForm<A extends ActionResult>(page: string, schema: FormSchema) {
  const fetcher = useFetcher<A>({ key: `${page}-${useId()}` });
  const busy = useFetchers().some((f) => f.key.startsWith(`${page}-`) && f.state !== 'idle');
  const ref = useRef<HTMLFormElement>(null);
  const form = useForm(schema, fetcher.data);
  useOnResult(fetcher.data, (r) => {
    if (!r.ok) return;
    toast.success(r.message ?? 'Saved.');
    ref.current?.reset();
  });
  return { fetcher, ref, form, busy };
}
