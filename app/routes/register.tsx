import { Form, Link, redirect, useActionData, useNavigate, useNavigation } from 'react-router';
import type { Route } from './+types/register';
import { PageHeader } from '~/components/layout/page-header';
import { MessageDialog } from '~/components/ui/dialog';
import { Field, FormError } from '~/components/ui/field';
import { MarketingConsent } from '~/components/accounts/marketing-consent';
import { PasswordField } from '~/components/ui/password-field';
import { busyButton } from '~/lib/busy-button';
import { formValues } from '~/lib/forms';
import { seo } from '~/lib/meta';
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

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(async () => {
    const form = await readForm(request);
    const input = parseInput(registerSchema, formValues(form));
    await limitAccountAction(context.clientAddress, 'sign-up');
    await register(input);
    // Without JavaScript there is no dialog: go straight to sign in.
    if (form.get('js') !== '1') throw redirect('/login?registered=1');
    return { ok: true as const, message: 'Your account has been created.' };
  });
}

export default function Register() {
  const result = useActionData<typeof action>();
  const navigate = useNavigate();
  const busy = useNavigation().state === 'submitting';
  const form = useForm(registerSchema, result);
  const hydrated = useHydrated();
  const [created, setCreated] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useOnResult(result, (r) => {
    if (r.ok) setCreated(true);
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
            CREATE ACCOUNT
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
        open={created}
        title="Success"
        message="Your account has been created."
        action="Continue"
        onClose={() => void navigate('/login')}
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
