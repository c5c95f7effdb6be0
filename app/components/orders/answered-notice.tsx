import { useEffect, useRef } from 'react';
import type { QuotationState } from '~/lib/quotation-state';
import type { QuotationResponseKind } from '~/services/db/schema';

const KINDS = ['accepted', 'declined', 'changes_requested'] as const;

/** The `?answered=` of the page an answer redirects to, when it names an answer. */
export function answeredKind(value: string | null): QuotationResponseKind | null {
  return KINDS.find((k) => k === value) ?? null;
}

const TEXT: Record<QuotationResponseKind, (number: string) => string> = {
  accepted: (n) =>
    `Thank you: your acceptance of ${n} is recorded, and a confirmation is on its way by e-mail. We will confirm the order with you shortly.`,
  declined: (n) => `Your answer is recorded: you declined ${n}. Thank you for letting us know.`,
  changes_requested: (n) =>
    `Your request for changes to ${n} is with our team. We will send you a revised quotation.`,
};

/**
 * Confirms the answer just given, on the page the answer redirected to. Only while the revision
 * is in the state that answer put it in (an old `?answered=` in a bookmark says nothing). It takes
 * the focus, so a screen reader reads it first.
 */
export function AnsweredNotice({
  answered,
  state,
  number,
}: {
  answered: QuotationResponseKind | null;
  state: QuotationState;
  number: string;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  const shown = answered !== null && answered === state;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      className="mt-4 rounded-lg bg-green-50 px-4 py-3 text-sm font-medium text-green-900 focus:outline-none"
    >
      {TEXT[answered](number)}
    </p>
  );
}
