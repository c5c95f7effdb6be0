import { useEffect, useRef } from 'react';
import { data, redirect, useParams } from 'react-router';
import type { Route } from './+types/quotations.$token';
import { useSite } from '~/components/company/use-site';
import { QuotationAnswerForms, unclaimedFailure } from '~/components/orders/quotation-answer-forms';
import {
  QuotationRevision,
  RevisionList,
  RevisionStateNote,
} from '~/components/orders/quotation-revision';
import { AnsweredNotice, answeredKind } from '~/components/orders/answered-notice';
import { callServerAction } from '~/lib/client-action';
import { pageTitle } from '~/lib/meta';
import { answerQuotation } from '~/lib/quotation-answer.server';
import { quotationState } from '~/lib/quotation-state';
import { UserError } from '~/services/errors.server';
import { formAction, refusalKeeping } from '~/services/forms.server';
import {
  getQuotationByToken,
  quotationLinkExists,
  readResponseForm,
} from '~/services/sales/responses.server';

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  { title: pageTitle(d ? `Quotation ${d.quotation.number}` : 'Quotation', matches) },
  { name: 'robots', content: 'noindex, nofollow' },
  // As the guest's enquiry page: the address is the key, so no request from this page may
  // carry it in a Referer (server/headers.ts says the same for a page loaded whole).
  { name: 'referrer', content: 'no-referrer' },
];

/**
 * A quotation revision behind the unguessable link in its e-mail: what was quoted, where it
 * stands, every revision's PDF, and the buyer's answers while it is open. Whoever holds the link
 * may answer it, without an account (the PDF it came with already shows everything on this page).
 * A wrong, forged or malformed token is a plain 404, the same as a page that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const quotation = await getQuotationByToken(params.token);
  if (!quotation) throw data('Not found', { status: 404 });
  return {
    quotation,
    now: new Date(),
    answered: answeredKind(new URL(request.url).searchParams.get('answered')),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // Before a byte of the body is read: a link that opens nothing takes no upload.
  if (!(await quotationLinkExists(params.token))) throw data('Not found', { status: 404 });
  return formAction(async () => {
    const { form, poFile } = await readResponseForm(request);
    let kind: string;
    try {
      const outcome = await answerQuotation(
        form,
        poFile,
        { by: 'link', token: params.token },
        { clientAddress: context.clientAddress },
      );
      kind = outcome.kind;
    } catch (error) {
      if (error instanceof UserError && error.status === 404)
        throw data('Not found', { status: 404 });
      // Without JavaScript the refusal is a new page: its fields start from what was typed.
      return refusalKeeping(error, form);
    }
    // The answer is the page itself, showing the revision's new state (for scripts too).
    throw redirect(`/quotations/${params.token}?answered=${kind}`);
  });
}

/** With JavaScript: a lost connection or a 5xx keeps the forms and what was typed on screen. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return callServerAction(serverAction);
}

export default function QuotationByLink({ loaderData, actionData }: Route.ComponentProps) {
  const { quotation, now, answered } = loaderData;
  const site = useSite();
  const { state, canRespond } = quotationState(
    quotation.status,
    quotation.validUntil,
    new Date(now),
  );
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!answered) heading.current?.focus();
  }, [answered]);
  // A refusal whose forms are gone (the revision was answered or expired meanwhile) still shows.
  const refusal = canRespond
    ? unclaimedFailure(actionData)
    : actionData && !actionData.ok
      ? (actionData.error ?? Object.values(actionData.fields ?? {})[0])
      : undefined;
  const { token } = useParams();
  const pdfHref = (number: string) => `/quotations/${token}/${encodeURIComponent(number)}.pdf`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-extrabold tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
      >
        Quotation {quotation.number}
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        From {site.name} for your enquiry {quotation.reference}
      </p>
      <AnsweredNotice answered={answered} state={state} number={quotation.number} />
      {refusal ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <RevisionStateNote quotation={quotation} state={state} phone={site.phone} />
      <QuotationRevision quotation={quotation} pdfHref={pdfHref} now={now} />
      {canRespond ? (
        <QuotationAnswerForms
          // After an answer the forms start afresh (closed, empty); a refusal keeps them as typed.
          key={String(quotation.lastAnsweredAt)}
          number={quotation.number}
          totalCents={quotation.totalCents}
          gstRegistered={quotation.gstRegNo !== null}
          organisation={quotation.attention.organisation}
          result={actionData}
        />
      ) : null}
      <RevisionList quotation={quotation} pdfHref={pdfHref} now={now} />
    </div>
  );
}
