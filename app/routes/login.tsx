import { useState } from 'react';
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useFetcher,
  useNavigate,
  useNavigation,
  useSearchParams,
} from 'react-router';
import type { Route } from './+types/login';
import { ResetRequestFields, ResetRequestSent } from '~/components/accounts/reset-request';
import { PageHeader } from '~/components/layout/page-header';
import { MessageDialog, Modal } from '~/components/ui/dialog';
import { Field, FormError } from '~/components/ui/field';
import { PasswordField } from '~/components/ui/password-field';
import { busyButton } from '~/lib/busy-button';
import { formValues, type ActionResult } from '~/lib/forms';
import { seo } from '~/lib/meta';
import { landingPath, safeRedirect } from '~/lib/safe-redirect';
import { resetRequestSchema, signInSchema } from '~/lib/schemas/account';
import { toast } from '~/lib/toast';
import { useForm } from '~/lib/use-form';
import { useOnResult } from '~/lib/use-on-result';
import { useHydrated } from '~/lib/use-hydrated';
import { limitAccountAction, signIn } from '~/services/accounts/accounts.server';
import { env } from '~/services/env.server';
import { formAction, parseInput, readForm } from '~/services/forms.server';
import { getUser } from '~/services/permissions.server';

// Not a page to find in a search engine (and each ?redirectTo= would be another copy of it).
export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Sign In',
    description: 'Sign in to your Fieldhouse account.',
    path: '/login',
    matches,
  }),
  { name: 'robots', content: 'noindex, follow' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (user) throw redirect(landingPath(user.role));
  const config = env();
  return { google: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(async () => {
    const form = await readForm(request);
    const input = parseInput(signInSchema, formValues(form));
    await limitAccountAction(context.clientAddress, 'sign-in');
    const result = await signIn(request, input.email, input.password);
    const back = safeRedirect(new URL(request.url).searchParams.get('redirectTo'));
    const target = result.twoFactor
      ? `/login/two-factor?redirectTo=${encodeURIComponent(back)}`
      : landingPath(result.role, back);
    // Without JavaScript (no `js` field) there is no toast to show: go straight on.
    if (form.get('js') !== '1' || result.twoFactor)
      throw redirect(target, { headers: result.headers });
    return data(
      { ok: true as const, message: 'You are now logged in.', redirectTo: target },
      { headers: result.headers },
    );
  });
}

/**
 * Forgot password: a dialog that asks for the e-mail and posts it to /reset-password. Until the
 * page's scripts run (or without them), a link to that page, which asks the same.
 */
function ForgotPassword() {
  const hydrated = useHydrated();
  const [round, setRound] = useState(0);
  // A fresh fetcher each time the dialog opens, so it starts with the form again.
  const fetcher = useFetcher<ActionResult>({ key: `forgot-password-${round}` });
  const form = useForm(resetRequestSchema, fetcher.data);
  const [open, setOpen] = useState(false);
  const sent = fetcher.data?.ok ? fetcher.data.message : undefined;
  const look = 'text-sm font-semibold text-brand-700 underline';
  return (
    <>
      {hydrated ? (
        <button type="button" onClick={() => setOpen(true)} className={look}>
          Forgot password
        </button>
      ) : (
        <a href="/reset-password" className={look}>
          Forgot password
        </a>
      )}
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setRound((r) => r + 1);
        }}
        title="Forgot password"
        description="Enter your e-mail and we will send you a link to choose a new password."
        initialFocus="reset-email"
      >
        {sent ? (
          <ResetRequestSent message={sent} className="mt-4" />
        ) : (
          <fetcher.Form
            method="post"
            action="/reset-password"
            {...form.props}
            className="mt-4 space-y-2"
          >
            <ResetRequestFields
              errors={form.errors}
              formError={form.formError}
              busy={fetcher.state !== 'idle'}
            />
          </fetcher.Form>
        )}
      </Modal>
    </>
  );
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== 'idle';
  const form = useForm(signInSchema, result);
  const [failure, setFailure] = useState<string | null>(null);

  useOnResult(result, (r) => {
    if (r.ok) {
      toast.success(r.message);
      void navigate(r.redirectTo, { replace: true });
    } else if (r.error) setFailure(r.error);
  });

  const notice = params.get('reset')
    ? 'Your password has been changed. Sign in with the new one.'
    : params.get('deleted')
      ? 'Your account has been deleted and you have been signed out.'
      : null;

  const googleFailed = params.get('error') === 'google';

  return (
    <>
      <PageHeader title="Sign In" />
      <div className="mx-auto max-w-md px-4 py-10">
        {googleFailed ? (
          <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            Signing in with Google did not work. If you have an account with a password for this
            e-mail, sign in with it below.
          </p>
        ) : null}
        {notice ? (
          <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
            {notice}
          </p>
        ) : null}
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <Form method="post" {...form.props} className="space-y-2">
            {/* Only once scripts run: a plain post (no `js`) is answered with a redirect. */}
            {hydrated ? <input type="hidden" name="js" value="1" /> : null}
            <FormError message={failure ? undefined : form.formError} />
            <Field
              id="email"
              label="Email"
              type="email"
              autoComplete="email"
              error={form.errors.email}
            />
            <PasswordField
              id="password"
              label="Password"
              autoComplete="current-password"
              error={form.errors.password}
            />
            <button
              type="submit"
              {...busyButton(busy)}
              className="w-full rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 aria-disabled:opacity-60"
            >
              Sign In
            </button>
          </Form>
          {/* Outside the sign-in form: the dialog's own form must not submit (or check) it. */}
          <div className="mt-5 flex items-center justify-between">
            <ForgotPassword />
            {/* A buyer sent here from their cart registers and comes back to it, signed in. */}
            <Link
              to={
                params.get('redirectTo')
                  ? `/register?redirectTo=${encodeURIComponent(safeRedirect(params.get('redirectTo')))}`
                  : '/register'
              }
              className="text-sm font-semibold text-brand-700 underline"
            >
              Register
            </Link>
          </div>
        </div>
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
        open={failure !== null}
        title="Error"
        message={failure ?? ''}
        action="Try Again"
        onClose={() => setFailure(null)}
      />
    </>
  );
}
