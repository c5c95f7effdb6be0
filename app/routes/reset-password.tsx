import { useEffect, useRef, useState } from 'react';
import {
  data,
  Form,
  Link,
  useActionData,
  useNavigate,
  useNavigation,
  useSearchParams,
} from 'react-router';
import type { Route } from './+types/reset-password';
import { PageHeader } from '~/components/layout/page-header';
import { Field } from '~/components/ui/field';
import { MessageDialog } from '~/components/ui/dialog';
import { fieldErrorsOf, type FieldErrors } from '~/lib/forms';
import { newPasswordSchema } from '~/lib/schemas/account';
import { seo } from '~/lib/meta';
import {
  limitAccountAction,
  requestPasswordReset,
  RESET_SENT,
  resetPassword,
} from '~/services/accounts/accounts.server';
import { UserError } from '~/services/errors.server';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Reset password',
    description: 'Choose a new password for your Fieldhouse account.',
    path: '/reset-password',
    matches,
  }),
  { name: 'robots', content: 'noindex' },
];

type Result =
  | { ok: true; message: string }
  | { ok: false; error?: string; fields?: FieldErrors; message?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    await limitAccountAction(request, context.clientAddress, 'reset');
    if (form.get('intent') === 'request') {
      const email = String(form.get('email') ?? '').trim();
      if (email) await requestPasswordReset(email);
      // The same answer whether or not the account exists: no account enumeration.
      return { ok: true, message: RESET_SENT } satisfies Result;
    }
    const parsed = newPasswordSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success)
      return data<Result>(
        { ok: false, fields: fieldErrorsOf(parsed.error.issues) },
        { status: 400 },
      );
    await resetPassword(String(form.get('token') ?? ''), parsed.data.password);
    return {
      ok: true,
      message: 'Your password has been changed. Sign in with the new one.',
    } satisfies Result;
  } catch (error) {
    if (error instanceof UserError) {
      return data<Result>(
        { ok: false, error: error.message, message: error.message },
        { status: error.status },
      );
    }
    throw error;
  }
}

export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<null | { title: string; message: string; ok: boolean }>(
    null,
  );
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) setDialog({ title: 'Password changed', message: result.message, ok: true });
    else if (result.error) setDialog({ title: 'Error', message: result.error, ok: false });
  }, [result]);
  const fields = result && !result.ok ? (result.fields ?? {}) : {};

  return (
    <>
      <PageHeader title="Reset password" />
      <div className="mx-auto max-w-md px-4 py-10">
        {!token ? (
          <p className="rounded-xl border border-slate-200 bg-white p-6">
            This page needs the link from your reset e-mail.{' '}
            <Link to="/login" className="font-semibold text-brand-700 underline">
              Ask for a new link
            </Link>
            .
          </p>
        ) : (
          <Form
            method="post"
            noValidate
            className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <input type="hidden" name="token" value={token} />
            <Field
              id="password"
              label="New Password"
              type="password"
              autoComplete="new-password"
              error={fields.password}
            />
            <Field
              id="confirm"
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              error={fields.confirm}
            />
            {result && !result.ok && result.error ? (
              <p role="alert" className="text-sm text-red-700">
                {result.error}
              </p>
            ) : null}
            <button
              type="submit"
              disabled={busy}
              className="w-full rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              Set new password
            </button>
          </Form>
        )}
      </div>
      <MessageDialog
        open={dialog !== null}
        title={dialog?.title ?? ''}
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
