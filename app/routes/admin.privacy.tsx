import { ShieldCheck } from 'lucide-react';
import { Form, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/admin.privacy';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { card, primaryButton, secondaryButton } from '~/components/admin/inbox/styles';
import { Field, FormError } from '~/components/ui/field';
import { adminMeta } from '~/lib/admin-meta';
import { busyButton } from '~/lib/busy-button';
import { formValues, type ActionResult } from '~/lib/forms';
import { ErasePersonSchema, PersonLookupSchema } from '~/lib/schemas/privacy';
import { useForm } from '~/lib/use-form';
import { UserError } from '~/services/errors.server';
import { formAction, parseInput, readForm } from '~/services/forms.server';
import { requireAdmin } from '~/services/permissions.server';
import type { ErasureResult } from '~/services/privacy/erase.server';
import {
  erasePersonForStaff,
  lookUpPerson,
  type PersonSummary,
} from '~/services/privacy/requests.server';

export const meta: Route.MetaFunction = () => adminMeta('Personal data requests');

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

type Answer = ActionResult<{
  email: string;
  summary?: PersonSummary;
  erased?: ErasureResult;
}>;

/**
 * An address's records are looked up and erased by POST, so the address never sits in a URL
 * (server logs, browser history). Exports post to /admin/privacy/export.
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return formAction<Extract<Answer, { ok: true }>>(async () => {
    const values = formValues(await readForm(request));
    if (values.intent === 'lookup') {
      const { email } = parseInput(PersonLookupSchema, values);
      return { ok: true, email, summary: await lookUpPerson(email) };
    }
    if (values.intent === 'erase') {
      const { email } = parseInput(ErasePersonSchema, values);
      const erased = await erasePersonForStaff({ id: admin.id, name: admin.name }, email);
      return { ok: true, email, erased, message: erasureText(erased) };
    }
    throw new UserError('This action is not known. Please reload the page.', 400);
  });
}

function erasureText(r: ErasureResult): string {
  const parts = [
    `${r.enquiries} ${r.enquiries === 1 ? 'enquiry' : 'enquiries'} and ${r.messages} ${r.messages === 1 ? 'message' : 'messages'} anonymised`,
    r.accountDeleted ? 'the account deleted' : 'no account',
  ];
  if (r.sales) parts.push(`the records of ${r.sales} ${r.sales === 1 ? 'sale' : 'sales'} kept`);
  return `Erased: ${parts.join('; ')}.`;
}

export default function AdminPrivacy() {
  const answer = useActionData<typeof action>() as Answer | undefined;
  const navigation = useNavigation();
  const lookup = useForm(PersonLookupSchema, answer);
  const erase = useForm(ErasePersonSchema, answer);
  const busy = (intent: string) =>
    navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const found = answer?.ok ? answer : null;
  return (
    <>
      <AdminPageHeader
        title="Personal data requests"
        description="For a person who asks by e-mail or letter: see what the shop holds about their address, export it (an access request) or erase it (a deletion request). Exports and erasures are recorded in the Activity log."
      />
      <section aria-labelledby="lookup" className={`${card} max-w-2xl`}>
        <h2 id="lookup" className="font-bold text-slate-900">
          Look up an address
        </h2>
        <Form method="post" {...lookup.props} className="mt-3 space-y-2">
          <input type="hidden" name="intent" value="lookup" />
          <FormError message={answer && !answer.ok ? answer.error : undefined} />
          <Field
            id="email"
            label="Email address"
            type="email"
            autoComplete="off"
            defaultValue={found?.email}
            error={lookup.errors.email}
          />
          <button type="submit" {...busyButton(busy('lookup'))} className={primaryButton}>
            Look up
          </button>
        </Form>
      </section>

      {found?.erased ? (
        <p
          role="status"
          className="mt-6 max-w-2xl rounded-md bg-green-50 px-3 py-2 text-sm text-green-900"
        >
          {found.message}
        </p>
      ) : null}

      {found?.summary ? (
        <section aria-labelledby="held" className={`${card} mt-6 max-w-2xl`}>
          <h2 id="held" className="font-bold text-slate-900 [overflow-wrap:anywhere]">
            Held about {found.email}
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold text-slate-700">Account</dt>
            <dd>{found.summary.account ? `Yes, ${found.summary.account.name}` : 'None'}</dd>
            <dt className="font-semibold text-slate-700">Enquiries</dt>
            <dd>
              {found.summary.enquiries}
              {found.summary.sales
                ? ` (${found.summary.sales} became orders: their records are kept)`
                : ''}
            </dd>
            <dt className="font-semibold text-slate-700">Contact messages</dt>
            <dd>{found.summary.messages}</dd>
          </dl>

          <h3 className="mt-5 font-semibold text-slate-900">Access request</h3>
          {/* A native post: the answer is a file to save, not a page. */}
          <form method="post" action="/admin/privacy/export" className="mt-2 flex flex-wrap gap-2">
            <input type="hidden" name="email" value={found.email} />
            <button type="submit" name="format" value="json" className={secondaryButton}>
              Export JSON
            </button>
            <button type="submit" name="format" value="html" className={secondaryButton}>
              Export HTML
            </button>
          </form>

          <h3 className="mt-6 font-semibold text-red-800">Deletion request</h3>
          <p className="mt-1 text-sm text-slate-700">
            Anonymises every enquiry and message from this address and deletes its account, if any,
            at once. Tax invoices and the records of sales are kept as the law requires.
          </p>
          <Form method="post" {...erase.props} className="mt-3 space-y-2">
            <input type="hidden" name="intent" value="erase" />
            <input type="hidden" name="email" value={found.email} />
            <div>
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="confirm"
                  value="yes"
                  aria-invalid={erase.errors.confirm ? true : undefined}
                  aria-describedby="confirm-error"
                  className="mt-0.5 size-4"
                />
                The person asked for their data to be deleted, and I have checked who they are.
              </label>
              <p id="confirm-error" className="mt-1 min-h-5 text-sm text-red-700">
                {erase.errors.confirm}
              </p>
            </div>
            <button
              type="submit"
              {...busyButton(busy('erase'))}
              className="inline-flex items-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60 aria-disabled:opacity-60"
            >
              <ShieldCheck aria-hidden className="size-4" />
              Erase personal data
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
