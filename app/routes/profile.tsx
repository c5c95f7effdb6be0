import { useRef, useState } from 'react';
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
import { busyButton } from '~/lib/busy-button';
import { toast } from '~/lib/toast';
import type { Route } from './+types/profile';
import { PageHeader } from '~/components/layout/page-header';
import { MarketingConsent } from '~/components/accounts/marketing-consent';
import { Field } from '~/components/ui/field';
import { PasswordField } from '~/components/ui/password-field';
import { formValues, type ActionResult, type ActionSuccess } from '~/lib/forms';
import {
  changePasswordSchema,
  PASSWORD_RULES,
  passwordCheckSchema,
  profileSchema,
  totpCodeSchema,
} from '~/lib/schemas/account';
import { DeleteAccountSchema } from '~/lib/schemas/privacy';
import { useForm } from '~/lib/use-form';
import { useHydrated } from '~/lib/use-hydrated';
import { useOnResult } from '~/lib/use-on-result';
import {
  changePassword,
  confirmTwoFactor,
  disableTwoFactor,
  limitAccountAction,
  startTwoFactor,
  marketingConsentOf,
  setMarketingConsent,
  updateProfile,
  type TwoFactorSetup,
} from '~/services/accounts/accounts.server';
import { fieldError, UserError } from '~/services/errors.server';
import { formAction, parseInput, readForm } from '~/services/forms.server';
import { requireUser } from '~/services/permissions.server';
import { deleteOwnAccount } from '~/services/privacy/account-deletion.server';

export const meta: Route.MetaFunction = () => [
  { title: 'Profile | Fieldhouse Sports Engineering' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return {
    name: user.name,
    email: user.email,
    phone: user.phone ?? '',
    twoFactorEnabled: user.twoFactorEnabled,
    marketingConsentAt: await marketingConsentOf(user.id),
  };
}

type Success = ActionSuccess<{ setup?: TwoFactorSetup }>;

/** The address a password change without JavaScript lands on, and what it says there. */
const PASSWORD_CHANGED = 'password-changed';
const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Other sessions were signed out.';

/** The intents that check the password: one per-address budget with /api/auth's password checks. */
const PASSWORD_CHECKS = new Set(['password', '2fa-start', '2fa-disable', 'delete-account']);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  return formAction<Success>(async () => {
    const form = await readForm(request);
    const values = formValues(form);
    if (PASSWORD_CHECKS.has(String(values.intent)))
      await limitAccountAction(context.clientAddress, 'password');
    switch (values.intent) {
      case 'profile': {
        const input = parseInput(profileSchema, values);
        await updateProfile(request, input);
        await setMarketingConsent(user.id, input.marketing === 'on');
        return { ok: true, message: 'Your profile has been saved.' };
      }
      case 'password': {
        const input = parseInput(changePasswordSchema, values);
        const headers = await changePassword(request, input.current, input.password).catch(
          fieldError('current'),
        );
        // This device's session was replaced (the others ended) and `headers` carry its new
        // cookie. A plain post's page would be rendered with the old one and sent to sign in:
        // it gets a redirect that sets the new cookie instead.
        if (form.get('js') !== '1') throw redirect(`/profile?${PASSWORD_CHANGED}=1`, { headers });
        return data({ ok: true, message: PASSWORD_CHANGED_MESSAGE }, { headers });
      }
      case '2fa-start': {
        const { current } = parseInput(passwordCheckSchema, values);
        const setup = await startTwoFactor(request, current).catch(fieldError('current'));
        return { ok: true, message: 'Scan the QR code, then enter a code to finish.', setup };
      }
      case '2fa-disable': {
        const { current } = parseInput(passwordCheckSchema, values);
        const headers = await disableTwoFactor(request, current).catch(fieldError('current'));
        return data({ ok: true, message: 'Two-factor sign-in is off.' }, { headers });
      }
      case '2fa-confirm': {
        const { code } = parseInput(totpCodeSchema, values);
        const headers = await confirmTwoFactor(request, code.replace(/\s+/g, '')).catch(
          fieldError('code'),
        );
        return data(
          { ok: true, message: 'Two-factor sign-in is on. Keep your backup codes safe.' },
          { headers },
        );
      }
      case 'delete-account': {
        const { accountPassword } = parseInput(DeleteAccountSchema, values);
        const { headers } = await deleteOwnAccount(request, user, accountPassword).catch(
          fieldError('accountPassword'),
        );
        // Always a new page (this one needs an account), with or without JavaScript.
        throw redirect('/login?deleted=1', { headers });
      }
      default:
        throw new UserError('Unknown action.', 400);
    }
  });
}

type Result = ActionResult<{ setup?: TwoFactorSetup }>;

/** A fetcher form's answer: its toast, and `onSuccess` once per success. */
function useResultToast(result: Result | undefined, onSuccess?: (result: Success) => void) {
  useOnResult(result, (r) => {
    if (r.ok) {
      if (r.message) toast.success(r.message);
      onSuccess?.(r);
    } else if (r.error) toast.error(r.error);
  });
}

const card = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm';
const button =
  'rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 aria-disabled:opacity-60';

export default function Profile({ loaderData }: Route.ComponentProps) {
  const profile = useFetcher<Result>({ key: 'profile' });
  const password = useFetcher<Result>({ key: 'password' });
  const passwordForm = useRef<HTMLFormElement>(null);
  // Before the scripts run (or without them) the forms post plainly: their answer is the page's.
  const plain = useActionData<typeof action>() as Result | undefined;
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const profileForm = useForm(profileSchema, profile.data ?? plain);
  const passwordChecks = useForm(changePasswordSchema, password.data ?? plain);
  useResultToast(profile.data);
  useResultToast(password.data, () => passwordForm.current?.reset());
  const profileErrors = profileForm.errors;
  const passwordErrors = passwordChecks.errors;

  return (
    <>
      <PageHeader title="Profile" />
      {params.has(PASSWORD_CHANGED) ? (
        <div className="mx-auto max-w-4xl px-4 pt-6">
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
            {PASSWORD_CHANGED_MESSAGE}
          </p>
        </div>
      ) : null}
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10 md:grid-cols-2">
        <section aria-labelledby="details" className={card}>
          <h2 id="details" className="text-lg font-bold">
            Your details
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold text-slate-700">Username</dt>
            <dd data-testid="profile-name">{loaderData.name}</dd>
            <dt className="font-semibold text-slate-700">Email</dt>
            <dd>{loaderData.email}</dd>
          </dl>
          <profile.Form method="post" {...profileForm.props} className="mt-5 space-y-2">
            <input type="hidden" name="intent" value="profile" />
            <Field
              id="name"
              label="Full Name"
              defaultValue={loaderData.name}
              autoComplete="name"
              error={profileErrors.name}
            />
            <Field
              id="phone"
              label="Phone (used for your enquiries)"
              type="tel"
              defaultValue={loaderData.phone}
              autoComplete="tel"
              error={profileErrors.phone}
            />
            <MarketingConsent defaultChecked={loaderData.marketingConsentAt !== null} />
            <p className="pb-2 text-xs text-slate-600">
              We keep your name, e-mail and phone to run your account and answer your enquiries, as
              our{' '}
              <Link to="/privacy" className="underline">
                privacy notice
              </Link>{' '}
              (PDPA) explains.
            </p>
            <button type="submit" {...busyButton(profile.state !== 'idle')} className={button}>
              Save details
            </button>
          </profile.Form>
        </section>
        <section aria-labelledby="change-password" className={card}>
          <h2 id="change-password" className="text-lg font-bold">
            Change password
          </h2>
          <password.Form
            ref={passwordForm}
            method="post"
            {...passwordChecks.props}
            className="mt-5 space-y-2"
          >
            <input type="hidden" name="intent" value="password" />
            {/* Only once scripts run: a plain post (no `js`) is answered with a redirect. */}
            {hydrated ? <input type="hidden" name="js" value="1" /> : null}
            <PasswordField
              id="current"
              label="Current Password"
              autoComplete="current-password"
              error={passwordErrors.current}
            />
            <PasswordField
              id="password"
              label="New Password"
              autoComplete="new-password"
              hint={PASSWORD_RULES}
              error={passwordErrors.password}
            />
            <PasswordField
              id="confirm"
              label="Confirm Password"
              autoComplete="new-password"
              error={passwordErrors.confirm}
            />
            <button type="submit" {...busyButton(password.state !== 'idle')} className={button}>
              Change password
            </button>
          </password.Form>
        </section>
        <TwoFactorSection enabled={loaderData.twoFactorEnabled} />
        <YourDataSection result={plain} />
      </div>
    </>
  );
}

/**
 * What the shop holds about the customer, to download (JSON for a machine, HTML to read or print),
 * and the account's deletion: the password again and a ticked box, as a plain form (the answer is
 * always another page: the sign-in page saying the account is gone).
 */
function YourDataSection({ result }: { result: Result | undefined }) {
  const form = useForm(DeleteAccountSchema, result);
  const busy = useNavigation().formData?.get('intent') === 'delete-account';
  const link =
    'inline-flex items-center rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50';
  return (
    <section aria-labelledby="your-data" className={`${card} md:col-span-2`}>
      <h2 id="your-data" className="text-lg font-bold">
        Your data
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Download everything we hold about you: your account, enquiries with their items, messages,
        quotations and orders.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href="/profile/data.json" download className={link}>
          Download my data (JSON)
        </a>
        <a href="/profile/data.html" download className={link}>
          Download my data (HTML)
        </a>
      </div>
      <h3 className="mt-8 font-bold text-red-800">Delete my account</h3>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">
        Your account is deleted at once and you are signed out everywhere. Your enquiries and
        messages stay with us without your name, contact details or words; tax invoices and the
        records of your purchases are kept as the law requires (see our{' '}
        <a href="/privacy#retention" className="font-medium text-brand-700 underline">
          Privacy Notice
        </a>
        ). This cannot be undone.
      </p>
      <Form method="post" {...form.props} className="mt-4 max-w-sm space-y-2">
        <input type="hidden" name="intent" value="delete-account" />
        <PasswordField
          id="accountPassword"
          label="Password"
          autoComplete="current-password"
          error={form.errors.accountPassword}
        />
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              id="deleteConfirm"
              name="deleteConfirm"
              value="yes"
              aria-invalid={form.errors.deleteConfirm ? true : undefined}
              aria-describedby="deleteConfirm-error"
              className="mt-0.5 size-4"
            />
            I understand that my account is deleted for good.
          </label>
          <p id="deleteConfirm-error" className="mt-1 min-h-5 text-sm text-red-700">
            {form.errors.deleteConfirm}
          </p>
        </div>
        <button
          type="submit"
          {...busyButton(busy)}
          className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60 aria-disabled:opacity-60"
        >
          Delete my account
        </button>
      </Form>
    </section>
  );
}

/**
 * Two-factor sign-in with an authenticator app: the password starts it, a first code from the app
 * confirms it (until then sign-in does not ask for codes), the password turns it off.
 */
function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const fetcher = useFetcher<Result>({ key: 'two-factor' });
  // Kept across a wrong confirmation code (whose result has no setup); any other success ends it.
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  useResultToast(fetcher.data, (result) => setSetup(result.setup ?? null));
  const passwordChecks = useForm(passwordCheckSchema, fetcher.data);
  const codeChecks = useForm(totpCodeSchema, fetcher.data);
  const errors = { ...passwordChecks.errors, ...codeChecks.errors };
  const busy = fetcher.state !== 'idle';
  // Starting and turning off both take the password.
  const passwordForm = (intent: string, label: string) => (
    <fetcher.Form method="post" {...passwordChecks.props} className="mt-5 max-w-sm space-y-2">
      <input type="hidden" name="intent" value={intent} />
      <PasswordField
        id="two-factor-password"
        name="current"
        label="Password"
        autoComplete="current-password"
        error={errors.current}
      />
      <button type="submit" {...busyButton(busy)} className={button}>
        {label}
      </button>
    </fetcher.Form>
  );

  return (
    <section aria-labelledby="two-factor" className={`${card} md:col-span-2`}>
      <h2 id="two-factor" className="text-lg font-bold">
        Two-factor sign-in
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="two-factor-status">
        {enabled
          ? 'On: signing in asks for a code from your authenticator app.'
          : 'Off. Turn it on to be asked for a code from an authenticator app (such as Google Authenticator or 1Password) each time you sign in. Recommended for staff accounts.'}
      </p>
      {enabled ? (
        passwordForm('2fa-disable', 'Turn off two-factor sign-in')
      ) : setup ? (
        <div className="mt-5 grid gap-6 md:grid-cols-[auto_1fr]">
          <div>
            <img
              src={setup.qrCode}
              width={192}
              height={192}
              alt="QR code to add this shop to your authenticator app"
              className="rounded-md border border-slate-200"
            />
            <p className="mt-2 max-w-48 text-xs break-all text-slate-700">
              Can’t scan it? Enter this key: <code data-testid="totp-secret">{setup.secret}</code>
            </p>
          </div>
          <div className="space-y-4">
            <div>
              <h3 className="font-semibold">Backup codes</h3>
              <p className="text-sm text-slate-700">
                Each signs you in once if you lose your phone. Keep them somewhere safe: they are
                not shown again.
              </p>
              <ul
                className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm"
                data-testid="backup-codes"
              >
                {setup.backupCodes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
            </div>
            <fetcher.Form method="post" {...codeChecks.props} className="max-w-sm space-y-2">
              <input type="hidden" name="intent" value="2fa-confirm" />
              <Field
                id="two-factor-code"
                name="code"
                label="Code from your app"
                inputMode="numeric"
                autoComplete="one-time-code"
                error={errors.code}
              />
              <button type="submit" {...busyButton(busy)} className={button}>
                Turn on
              </button>
            </fetcher.Form>
          </div>
        </div>
      ) : (
        passwordForm('2fa-start', 'Set up two-factor sign-in')
      )}
    </section>
  );
}
