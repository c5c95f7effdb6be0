import { useRef } from 'react';
import { data, Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { type SignInResult, useSignInResult } from '~/lib/use-sign-in-result';
import type { Route } from './+types/login.two-factor';
import { PageHeader } from '~/components/layout/page-header';
import { Field } from '~/components/ui/field';
import { landingPath } from '~/lib/safe-redirect';
import { limitAccountAction, verifySignInCode } from '~/services/accounts/accounts.server';
import { UserError } from '~/services/errors.server';
import { getUser } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => [
  { title: 'Two-factor sign-in | Fieldhouse Sports Engineering' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (user) throw redirect(landingPath(user.role));
  return null;
}

/** The second step of signing in: the code from the authenticator app, or a backup code. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const code = String(form.get('code') ?? '').trim();
  const js = form.get('js') === '1';
  if (!code) {
    return data<SignInResult>(
      { ok: false, error: 'Please enter the code from your authenticator app.' },
      { status: 400 },
    );
  }
  try {
    await limitAccountAction(request, context.clientAddress, 'sign-in');
    const result = await verifySignInCode(request, code);
    const target = landingPath(result.role, new URL(request.url).searchParams.get('redirectTo'));
    if (!js) throw redirect(target, { headers: result.headers });
    return data<SignInResult>({ ok: true, redirectTo: target }, { headers: result.headers });
  } catch (error) {
    if (error instanceof UserError) {
      return data<SignInResult>({ ok: false, error: error.message }, { status: error.status });
    }
    throw error;
  }
}

export default function TwoFactorSignIn() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const input = useRef<HTMLInputElement>(null);

  useSignInResult(result, () => input.current?.select());

  const error = result && !result.ok ? result.error : undefined;
  return (
    <>
      <PageHeader title="Two-factor sign-in" />
      <div className="mx-auto max-w-md px-4 py-10">
        <Form
          method="post"
          className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <input type="hidden" name="js" value="1" />
          <p className="text-sm text-slate-700">
            Open your authenticator app and enter the six-digit code it shows for this shop. Lost
            your phone? Enter one of your backup codes instead.
          </p>
          <Field
            ref={input}
            id="code"
            label="Code"
            inputMode="text"
            autoComplete="one-time-code"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- typing this code is the page's one task
            autoFocus
            required
            maxLength={20}
            error={error}
          />
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            Verify
          </button>
          <p className="text-center text-sm">
            <Link to="/login" className="font-semibold text-brand-700 underline">
              Start again
            </Link>
          </p>
        </Form>
      </div>
    </>
  );
}
