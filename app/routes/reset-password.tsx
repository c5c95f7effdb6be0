import { useState } from 'react';
import {
  Form,
  Link,
  redirect,
  useActionData,
  useNavigate,
  useNavigation,
  useSearchParams,
} from 'react-router';
import type { Route } from './+types/reset-password';
import { ResetRequestFields, ResetRequestSent } from '~/components/accounts/reset-request';
import { PageHeader } from '~/components/layout/page-header';
import { MessageDialog } from '~/components/ui/dialog';
import { PasswordField } from '~/components/ui/password-field';
import { busyButton } from '~/lib/busy-button';
import { formValues, type ActionResult } from '~/lib/forms';
import { seo } from '~/lib/meta';
import { newPasswordSchema, PASSWORD_RULES, resetRequestSchema } from '~/lib/schemas/account';
import { useForm } from '~/lib/use-form';
import { useOnResult } from '~/lib/use-on-result';
import { useHydrated } from '~/lib/use-hydrated';
import {
  isResetTokenValid,
  limitAccountAction,
  RESET_LINK_INVALID,
  requestPasswordReset,
  RESET_SENT,
  resetPassword,
} from '~/services/accounts/accounts.server';
import { formAction, parseInput, readForm, refusalKeeping } from '~/services/forms.server';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Reset password',
    description: 'Choose a new password for your Fieldhouse account.',
    path: '/reset-password',
    matches,
  }),
  { name: 'robots', content: 'noindex' },
];

/**
 * A bogus, expired or already used link is told up front, with the way to a new one, instead of
 * showing a form that can only fail after the password was typed twice.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return {
    link: !token
      ? ('missing' as const)
      : (await isResetTokenValid(token))
        ? ('valid' as const)
        : ('invalid' as const),
    invalidMessage: RESET_LINK_INVALID,
  };
}

/**
 * Two forms: asking for a link (the sign-in page's Forgot password dialog, or this page without a
 * link: the way there without JavaScript) and using it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return formAction(async () => {
    const form = await readForm(request);
    const values = formValues(form);
    if (form.get('intent') === 'request') {
      try {
        const { email } = parseInput(resetRequestSchema, values);
        await limitAccountAction(context.clientAddress, 'reset');
        await requestPasswordReset(email);
      } catch (error) {
        // Refused (a bad address, too many tries): the page without JavaScript keeps what was typed.
        return refusalKeeping(error, { email: String(values.email ?? '') });
      }
      // The same answer whether or not the account exists: no account enumeration.
      return { ok: true as const, message: RESET_SENT, requested: true as const };
    }
    const { password } = parseInput(newPasswordSchema, values);
    await limitAccountAction(context.clientAddress, 'reset');
    await resetPassword(String(form.get('token') ?? ''), password);
    if (form.get('js') !== '1') throw redirect('/login?reset=1');
    return {
      ok: true as const,
      message: 'Your password has been changed. Sign in with the new one.',
    };
  });
}

/** Asks for a reset link by e-mail: the same form as the sign-in page's Forgot password dialog. */
function RequestLink({ result }: { result: ActionResult | undefined }) {
  const busy = useNavigation().state !== 'idle';
  const refused = result && !result.ok ? result : undefined;
  const form = useForm(resetRequestSchema, refused);
  if (result?.ok && 'requested' in result)
    return <ResetRequestSent message={result.message ?? ''} />;
  return (
    <Form method="post" {...form.props} className="space-y-2">
      <p className="text-slate-700">
        Enter your e-mail and we will send you a link to choose a new password.
      </p>
      <ResetRequestFields
        errors={form.errors}
        formError={form.formError}
        busy={busy}
        email={refused?.typed?.email}
      />
      <p className="pt-2 text-sm">
        <Link to="/login" className="font-semibold text-brand-700 underline">
          Back to sign in
        </Link>
      </p>
    </Form>
  );
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const form = useForm(newPasswordSchema, result);
  const [dialog, setDialog] = useState<null | { ok: boolean; message: string }>(null);
  // Once the password is changed the link is used: the page stays as it was under the dialog.
  const changed = result?.ok && !('requested' in result);
  // No link, or a bad one: the page asks for a new one (its answers show on the page).
  const asking = !token || (loaderData.link !== 'valid' && !changed);
  useOnResult(result, (r) => {
    if (asking) return;
    if (r.ok) setDialog({ ok: true, message: r.message ?? '' });
    else if (r.error) setDialog({ ok: false, message: r.error });
  });

  return (
    <>
      <PageHeader title="Reset password" />
      <div className="mx-auto max-w-md px-4 py-10">
        {asking ? (
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            {token ? (
              <p role="alert" className="mb-4">
                {loaderData.invalidMessage}
              </p>
            ) : null}
            <RequestLink result={result} />
          </div>
        ) : (
          <Form
            method="post"
            {...form.props}
            className="space-y-2 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <input type="hidden" name="token" value={token} />
            {hydrated ? <input type="hidden" name="js" value="1" /> : null}
            <PasswordField
              id="password"
              label="New Password"
              autoComplete="new-password"
              hint={PASSWORD_RULES}
              error={form.errors.password}
            />
            <PasswordField
              id="confirm"
              label="Confirm Password"
              autoComplete="new-password"
              error={form.errors.confirm}
            />
            {/* Without JavaScript there is no dialog: the refusal shows here. */}
            {!hydrated && form.formError ? (
              <p role="alert" className="text-sm text-red-700">
                {form.formError}
              </p>
            ) : null}
            <button
              type="submit"
              {...busyButton(busy)}
              className="w-full rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 aria-disabled:opacity-60"
            >
              Set new password
            </button>
          </Form>
        )}
      </div>
      <MessageDialog
        open={dialog !== null}
        title={dialog?.ok ? 'Password changed' : 'Error'}
        message={dialog?.message ?? ''}
        action={dialog?.ok ? 'Sign In' : 'Try Again'}
        onClose={() => {
          const ok = dialog?.ok;
          setDialog(null);
          if (ok) void navigate('/login');
        }}
      />
    </>
  );
}
