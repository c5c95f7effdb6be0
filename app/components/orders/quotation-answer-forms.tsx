import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Field, FieldFrame, FormError, SelectField, TextAreaField } from '~/components/ui/field';
import { busyButton } from '~/lib/busy-button';
import type { ActionFailure, ActionResult } from '~/lib/forms';
import { totalInWords } from '~/lib/money';
import {
  AcceptQuotationSchema,
  DECLINE_REASONS,
  DeclineQuotationSchema,
  PO_FILE_ACCEPT,
  PO_FILE_FIELD,
  poFileProblem,
  RequestChangesSchema,
} from '~/lib/schemas/quotation-response';
import { useForm } from '~/lib/use-form';

export type AnswerIntent = 'accept' | 'decline' | 'changes';

/**
 * The failure an answer's action returned, if it is about this form: its `intent` as posted, or
 * (for the accept form) a PO file refused before the form could be read (too large).
 */
export function failureFor(
  intent: AnswerIntent,
  result: ActionResult | undefined,
): ActionFailure | undefined {
  if (!result || result.ok) return undefined;
  if (result.typed?.intent) return result.typed.intent === intent ? result : undefined;
  return intent === 'accept' && result.fields?.[PO_FILE_FIELD] ? result : undefined;
}

/** A failure that none of the forms claims (a body that could not be read at all). */
export function unclaimedFailure(result: ActionResult | undefined): string | undefined {
  if (!result || result.ok) return undefined;
  const claimed = (['accept', 'decline', 'changes'] as const).some((i) => failureFor(i, result));
  return claimed ? undefined : (result.error ?? Object.values(result.fields ?? {})[0]);
}

const primary =
  'rounded-md bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700 aria-disabled:opacity-60';
const secondary =
  'rounded-md border border-slate-300 bg-white px-5 py-2 font-semibold text-slate-800 hover:bg-slate-50 aria-disabled:opacity-60';
const panel = 'rounded-xl border border-slate-200 bg-white p-5';

/** A disclosure's title with its open/closed marker (a flex summary shows no list marker). */
function Summary({ children }: { children: React.ReactNode }) {
  return (
    <summary className="flex cursor-pointer items-center justify-between gap-3 text-lg font-bold text-slate-900">
      {children}
      <ChevronDown aria-hidden className="size-5 shrink-0 text-slate-600 group-open:rotate-180" />
    </summary>
  );
}

function Hidden({ intent, quotationId }: { intent: AnswerIntent; quotationId?: number }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {quotationId !== undefined ? (
        <input type="hidden" name="quotationId" value={quotationId} />
      ) : null}
    </>
  );
}

function useBusy(intent: AnswerIntent) {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
}

function AcceptForm({
  number,
  totalCents,
  gstRegistered,
  organisation,
  quotationId,
  result,
  Heading,
}: {
  number: string;
  totalCents: number;
  gstRegistered: boolean;
  organisation: string | null;
  quotationId?: number;
  result?: ActionFailure;
  Heading: 'h3' | 'h4';
}) {
  const form = useForm(AcceptQuotationSchema, result);
  const busy = useBusy('accept');
  // The browser's courtesy check of the chosen file (the server checks its content).
  const [fileError, setFileError] = useState<string | null>(null);
  const typed = result?.typed ?? {};
  const onSubmit: typeof form.props.onSubmit = (event) => {
    const input = event.currentTarget.elements.namedItem(PO_FILE_FIELD) as HTMLInputElement;
    const file = input.files?.[0];
    const problem = file ? poFileProblem(file) : null;
    setFileError(problem);
    form.props.onSubmit?.(event);
    if (event.defaultPrevented || !problem) return;
    event.preventDefault();
    input.focus();
  };
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...form.props}
      onSubmit={onSubmit}
      aria-labelledby="accept-heading"
      className={panel}
    >
      <Heading id="accept-heading" className="text-lg font-bold text-slate-900">
        Accept this quotation
      </Heading>
      <p className="mt-1 mb-4 text-sm text-slate-700">
        You accept {number} {organisation ? `on behalf of ${organisation} ` : ''}for{' '}
        <strong>{totalInWords(totalCents, gstRegistered)}</strong>, as shown above. We then confirm
        the order with you.
      </p>
      <Hidden intent="accept" quotationId={quotationId} />
      <FormError message={form.formError} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          id="accept-name"
          name="name"
          label="Your name"
          autoComplete="name"
          defaultValue={typed.name}
          error={form.errors.name}
        />
        <Field
          id="accept-designation"
          name="designation"
          label="Designation"
          autoComplete="organization-title"
          defaultValue={typed.designation}
          error={form.errors.designation}
        />
        <Field
          id="accept-po-number"
          name="poNumber"
          label="PO number (optional)"
          defaultValue={typed.poNumber}
          error={form.errors.poNumber}
        />
        <FieldFrame
          id="accept-po-file"
          label="Purchase order file (optional)"
          hint="PDF, JPEG or PNG, up to 10 MB."
          error={fileError ?? form.errors[PO_FILE_FIELD]}
        >
          {(aria) => (
            <input
              id="accept-po-file"
              name={PO_FILE_FIELD}
              type="file"
              accept={PO_FILE_ACCEPT}
              onChange={() => setFileError(null)}
              {...aria}
              className={aria.className}
            />
          )}
        </FieldFrame>
      </div>
      <button type="submit" {...busyButton(busy)} className={primary}>
        {busy ? 'Accepting…' : `Accept ${number}`}
      </button>
    </Form>
  );
}

function ChangesForm({ quotationId, result }: { quotationId?: number; result?: ActionFailure }) {
  const form = useForm(RequestChangesSchema, result);
  const busy = useBusy('changes');
  return (
    <details open={Boolean(result)} className={`group ${panel}`}>
      <Summary>Ask for changes</Summary>
      <Form method="post" {...form.props} className="mt-3">
        <Hidden intent="changes" quotationId={quotationId} />
        <FormError message={form.formError} />
        <TextAreaField
          id="changes-message"
          name="message"
          label="What would you like changed?"
          hint="Quantities, items, delivery dates … We answer with a new revision."
          rows={4}
          defaultValue={result?.typed?.message}
          error={form.errors.message}
        />
        <button type="submit" {...busyButton(busy)} className={secondary}>
          {busy ? 'Sending…' : 'Ask for changes'}
        </button>
      </Form>
    </details>
  );
}

function DeclineForm({ quotationId, result }: { quotationId?: number; result?: ActionFailure }) {
  const form = useForm(DeclineQuotationSchema, result);
  const busy = useBusy('decline');
  return (
    <details open={Boolean(result)} className={`group ${panel}`}>
      <Summary>Decline this quotation</Summary>
      <Form method="post" {...form.props} className="mt-3">
        <Hidden intent="decline" quotationId={quotationId} />
        <FormError message={form.formError} />
        <SelectField
          id="decline-reason"
          name="reason"
          label="Reason (optional)"
          defaultValue={result?.typed?.reason ?? ''}
          error={form.errors.reason}
        >
          <option value="">Choose a reason</option>
          {DECLINE_REASONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          id="decline-details"
          name="details"
          label="Anything you would like to tell us (optional)"
          rows={3}
          defaultValue={result?.typed?.details}
          error={form.errors.details}
        />
        <button type="submit" {...busyButton(busy)} className={secondary}>
          {busy ? 'Declining…' : 'Decline quotation'}
        </button>
      </Form>
    </details>
  );
}

/**
 * The buyer's three answers to an open revision: accept (with who, designation, PO number and
 * PO file), ask for changes, decline. Plain posts that work before and without JavaScript (the
 * acceptance as multipart/form-data); each shows the server's refusal of its own submission.
 * `quotationId` names the revision when the signed-in owner answers from My Enquiries.
 */
export function QuotationAnswerForms({
  number,
  totalCents,
  gstRegistered,
  organisation,
  quotationId,
  result,
  level = 2,
}: {
  number: string;
  totalCents: number;
  /** Whether the revision was sent GST-registered (else its total has no GST). */
  gstRegistered: boolean;
  organisation: string | null;
  quotationId?: number;
  result?: ActionResult;
  /** The section's heading level (3 under a page's own section heading). */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="answer-heading" className="mt-8 space-y-4 print:hidden">
      <Heading id="answer-heading" className="text-xl font-bold text-slate-900">
        Your answer
      </Heading>
      <AcceptForm
        Heading={level === 2 ? 'h3' : 'h4'}
        number={number}
        totalCents={totalCents}
        gstRegistered={gstRegistered}
        organisation={organisation}
        quotationId={quotationId}
        result={failureFor('accept', result)}
      />
      <ChangesForm quotationId={quotationId} result={failureFor('changes', result)} />
      <DeclineForm quotationId={quotationId} result={failureFor('decline', result)} />
    </section>
  );
}
