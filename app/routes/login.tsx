import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useFetcher,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { type SignInResult, useSignInResult } from '~/lib/use-sign-in-result';
import type { Route } from './+types/login';
import { PageHeader } from '~/components/layout/page-header';
import { Field } from '~/components/ui/field';
import { MessageDialog } from '~/components/ui/dialog';
import { seo } from '~/lib/meta';
import { landingPath, safeRedirect } from '~/lib/safe-redirect';
import { limitAccountAction, signIn } from '~/services/accounts/accounts.server';
import { env } from '~/services/env.server';
import { UserError } from '~/services/errors.server';
import { getUser } from '~/services/permissions.server';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Sign In',
    description: 'Sign in to your Fieldhouse account.',
    path: '/login',
    matches,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (user) throw redirect(landingPath(user.role));
  const config = env();
  return { google: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  const js = form.get('js') === '1';
  if (!email || !password) {
    return data<SignInResult>(
      { ok: false, error: 'Please enter your email and password.' },
      { status: 400 },
    );
  }
  try {
    await limitAccountAction(request, context.clientAddress, 'sign-in');
    const result = await signIn(request, email, password);
    const back = safeRedirect(new URL(request.url).searchParams.get('redirectTo'));
    const target = result.twoFactor
      ? `/login/two-factor?redirectTo=${encodeURIComponent(back)}`
      : landingPath(result.role, back);
    if (!js || result.twoFactor) throw redirect(target, { headers: result.headers });
    return data<SignInResult>({ ok: true, redirectTo: target }, { headers: result.headers });
  } catch (error) {
    if (error instanceof UserError) {
      return data<SignInResult>({ ok: false, error: error.message }, { status: error.status });
    }
    throw error;
  }
}

function ForgotPassword() {
  const [round, setRound] = useState(0);
  // A fresh fetcher each time the dialog opens, so it starts with the form again.
  const fetcher = useFetcher<{ message: string }>({ key: `forgot-password-${round}` });
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setRound((r) => r + 1);
      }}
    >
      <Dialog.Trigger className="text-sm font-semibold text-brand-700 underline">
        Forgot password
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between">
            <Dialog.Title className="text-lg font-bold">Forgot password</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-700">
            Enter your e-mail and we will send you a link to choose a new password.
          </Dialog.Description>
          {fetcher.data ? (
            <p
              role="status"
              className="mt-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900"
            >
              {fetcher.data.message}
            </p>
          ) : (
            <fetcher.Form method="post" action="/reset-password" className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="request" />
              <Field
                id="reset-email"
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                required
              />
              <button
                type="submit"
                disabled={fetcher.state !== 'idle'}
                className="w-full rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
              >
                Send reset link
              </button>
            </fetcher.Form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state !== 'idle';
  const [error, setError] = useState<string | null>(null);

  useSignInResult(result, setError);

  return (
    <>
      <PageHeader title="Sign In" />
      <div className="mx-auto max-w-md px-4 py-10">
        {params.get('registered') ? (
          <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
            Your account has been created. You can sign in now.
          </p>
        ) : null}
        <Form
          method="post"
          className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <input type="hidden" name="js" value="1" />
          {result && !result.ok && !error ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {result.error}
            </p>
          ) : null}
          <Field id="email" label="Email" type="email" autoComplete="email" required />
          <Field
            id="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
          />
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            Sign In
          </button>
          <div className="flex items-center justify-between">
            <ForgotPassword />
            <Link to="/register" className="text-sm font-semibold text-brand-700 underline">
              Register
            </Link>
          </div>
        </Form>
        {loaderData.google ? (
          <Form method="post" action="/login/google" className="mt-4">
            <input type="hidden" name="redirectTo" value={safeRedirect(params.get('redirectTo'))} />
            <button
              type="submit"
              className="w-full rounded-md border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
            >
              Continue with Google
            </button>
          </Form>
        ) : null}
      </div>
      <MessageDialog
        open={error !== null}
        title="Error"
        message={error ?? ''}
        action="Try Again"
        onClose={() => setError(null)}
      />
    </>
  );
}
