import { useRef } from 'react';
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useNavigate,
  useNavigation,
} from 'react-router';
import type { Route } from './+types/login.two-factor';
import { PageHeader } from '~/components/layout/page-header';
import { Field } from '~/components/ui/field';
import { busyButton } from '~/lib/busy-button';
import { formValues } from '~/lib/forms';
import { landingPath } from '~/lib/safe-redirect';
import { signInCodeSchema } from '~/lib/schemas/account';
import { toast } from '~/lib/toast';
import { useForm } from '~/lib/use-form';
import { useOnResult } from '~/lib/use-on-result';
import { useHydrated } from '~/lib/use-hydrated';
import { limitAccountAction, verifySignInCode } from '~/services/accounts/accounts.server';
import { formAction, parseInput, readForm } from '~/services/forms.server';
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
  return formAction(async () => {
    const form = await readForm(request);
    const { code } = parseInput(signInCodeSchema, formValues(form));
    await limitAccountAction(context.clientAddress, 'sign-in');
    const result = await verifySignInCode(request, code);
    const target = landingPath(result.role, new URL(request.url).searchParams.get('redirectTo'));
    if (form.get('js') !== '1') throw redirect(target, { headers: result.headers });
    return data(
      { ok: true as const, message: 'You are now logged in.', redirectTo: target },
      { headers: result.headers },
    );
  });
}

export default function TwoFactorSignIn() {
  const result = useActionData<typeof action>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== 'idle';
  const form = useForm(signInCodeSchema, result);
  const input = useRef<HTMLInputElement>(null);

  useOnResult(result, (r) => {
    if (r.ok) {
      toast.success(r.message);
      void navigate(r.redirectTo, { replace: true });
    } else input.current?.select();
  });

  return (
    <>
      <PageHeader title="Two-factor sign-in" />
      <div className="mx-auto max-w-md px-4 py-10">
        <Form
          method="post"
          {...form.props}
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
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
            maxLength={20}
            // A wrong or expired code is about this one field.
            error={form.errors.code ?? form.formError}
          />
          <button
            type="submit"
            {...busyButton(busy)}
            className="w-full rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 aria-disabled:opacity-60"
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
