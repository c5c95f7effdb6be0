import {
  data,
  Form,
  Link,
  redirect,
  type ShouldRevalidateFunction,
  useActionData,
  useNavigate,
  useNavigation,
} from 'react-router';
import type { Route } from './+types/register';
import { PageHeader } from '~/components/layout/page-header';
import { MessageDialog } from '~/components/ui/dialog';
import { Field, FormError } from '~/components/ui/field';
import { MarketingConsent } from '~/components/accounts/marketing-consent';
import { PasswordField } from '~/components/ui/password-field';
import { busyButton } from '~/lib/busy-button';
import { formValues } from '~/lib/forms';
import { seo } from '~/lib/meta';
import { safeRedirect } from '~/lib/safe-redirect';
import { PASSWORD_RULES, registerSchema } from '~/lib/schemas/account';
import { useForm } from '~/lib/use-form';
import { useOnResult } from '~/lib/use-on-result';
import { useHydrated } from '~/lib/use-hydrated';
import { useState } from 'react';
import { limitAccountAction, register } from '~/services/accounts/accounts.server';
import { formAction, parseInput, readForm } from '~/services/forms.server';
import { getUser } from '~/services/permissions.server';

// Not a page to find in a search engine (and each ?redirectTo= would be another copy of it).
export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Register',
    description: 'Create a Fieldhouse account to keep your cart and follow your enquiries.',
    path: '/register',
    matches,
  }),
  { name: 'robots', content: 'noindex, follow' },
];

export async function loader({ request }: Route.LoaderArgs) {
  if (await getUser(request)) throw redirect('/profile');
  return null;
}

/**
 * The registration signs the buyer in, and this page's loader sends a signed-in visitor to their
 * profile: after a success it is not asked again, so the page stays for its dialog (Continue
 * goes on). The root loader still runs, and the header shows the new account.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) => ((actionResult as { ok?: boolean } | undefined)?.ok ? false : defaultShouldRevalidate);

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(async () => {
    const form = await readForm(request);
    const input = parseInput(registerSchema, formValues(form));
    await limitAccountAction(context.clientAddress, 'sign-up');
    // The new account is signed in at once: its session cookie goes with the answer.
    const headers = await register(input, request.headers);
    const back = safeRedirect(new URL(request.url).searchParams.get('redirectTo'));
    // Without JavaScript there is no dialog: go straight on, signed in.
    if (form.get('js') !== '1') throw redirect(back, { headers });
    return data(
      { ok: true as const, message: 'Your account has been created.', redirectTo: back },
      { headers },
    );
  });
}

export default function Register() {
  const result = useActionData<typeof action>();
  const navigate = useNavigate();
  const busy = useNavigation().state === 'submitting';
  const form = useForm(registerSchema, result);
  const hydrated = useHydrated();
  const [created, setCreated] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useOnResult(result, (r) => {
    if (r.ok) setCreated(r.redirectTo);
    else if (r.error) setFailure(r.error);
  });

  return (
    <>
      <PageHeader title="Register" subtitle="One account for your cart and your enquiries." />
      <div className="mx-auto max-w-md px-4 py-10">
        <Form
          method="post"
          {...form.props}
          className="space-y-2 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
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
          <Field id="name" label="Full Name" autoComplete="name" error={form.errors.name} />
          <PasswordField
            id="password"
            label="Password"
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
          <MarketingConsent />
          <p className="pb-2 text-xs text-slate-600">
            We keep your name, e-mail and phone to run your account and answer your enquiries, as
            our{' '}
            <Link to="/privacy" className="underline">
              privacy notice
            </Link>{' '}
            (PDPA) explains.
          </p>
          <button
            type="submit"
            {...busyButton(busy)}
            className="w-full rounded-md bg-brand-600 px-4 py-2.5 font-bold tracking-wide text-white hover:bg-brand-700 disabled:opacity-60 aria-disabled:opacity-60"
          >
            Create Account
          </button>
          <p className="text-center text-sm text-slate-600">
            Already registered?{' '}
            <Link to="/login" className="font-semibold text-brand-700 underline">
              Sign In
            </Link>
          </p>
        </Form>
      </div>
      <MessageDialog
        open={created !== null}
        title="Success"
        message="Your account has been created. You are now signed in."
        action="Continue"
        onClose={() => void navigate(created ?? '/')}
      />
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
