import { useEffect, useRef, useState } from 'react';
import { data, useFetcher } from 'react-router';
import { toast } from '~/lib/toast';
import type { Route } from './+types/profile';
import { PageHeader } from '~/components/layout/page-header';
import { Field } from '~/components/ui/field';
import { fieldErrorsOf, type FieldErrors } from '~/lib/forms';
import { newPasswordSchema, profileSchema } from '~/lib/schemas/account';
import {
  changePassword,
  confirmTwoFactor,
  disableTwoFactor,
  startTwoFactor,
  updateProfile,
  type TwoFactorSetup,
} from '~/services/accounts/accounts.server';
import { fieldError, UserError } from '~/services/errors.server';
import { requireUser } from '~/services/permissions.server';

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
  };
}

type Result =
  | { ok: true; message: string; setup?: TwoFactorSetup }
  | { ok: false; error?: string; fields?: FieldErrors };

export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  const form = await request.formData();
  const values = Object.fromEntries(form) as Record<string, string>;
  try {
    if (values.intent === 'profile') {
      const parsed = profileSchema.safeParse(values);
      if (!parsed.success)
        return data<Result>(
          { ok: false, fields: fieldErrorsOf(parsed.error.issues) },
          { status: 400 },
        );
      await updateProfile(request, parsed.data);
      return { ok: true, message: 'Your profile has been saved.' } satisfies Result;
    }
    if (values.intent === 'password') {
      const parsed = newPasswordSchema.safeParse(values);
      if (!parsed.success)
        return data<Result>(
          { ok: false, fields: fieldErrorsOf(parsed.error.issues) },
          { status: 400 },
        );
      if (!values.current)
        return data<Result>(
          { ok: false, fields: { current: 'This field cannot be left blank' } },
          { status: 400 },
        );
      const headers = await changePassword(request, values.current, parsed.data.password);
      return data<Result>(
        { ok: true, message: 'Your password has been changed. Other sessions were signed out.' },
        { headers },
      );
    }
    if (values.intent === '2fa-start' || values.intent === '2fa-disable') {
      if (!values.current)
        return data<Result>(
          { ok: false, fields: { current: 'This field cannot be left blank' } },
          { status: 400 },
        );
      if (values.intent === '2fa-disable') {
        const headers = await disableTwoFactor(request, values.current).catch(
          fieldError('current'),
        );
        return data<Result>({ ok: true, message: 'Two-factor sign-in is off.' }, { headers });
      }
      const setup = await startTwoFactor(request, values.current).catch(fieldError('current'));
      return {
        ok: true,
        message: 'Scan the QR code, then enter a code to finish.',
        setup,
      } satisfies Result;
    }
    if (values.intent === '2fa-confirm') {
      const code = (values.code ?? '').replace(/\s+/g, '');
      if (!/^\d{6}$/.test(code))
        return data<Result>(
          { ok: false, fields: { code: 'Enter the six-digit code from your app.' } },
          { status: 400 },
        );
      const headers = await confirmTwoFactor(request, code).catch(fieldError('code'));
      return data<Result>(
        { ok: true, message: 'Two-factor sign-in is on. Keep your backup codes safe.' },
        { headers },
      );
    }
    return data<Result>({ ok: false, error: 'Unknown action.' }, { status: 400 });
  } catch (error) {
    if (error instanceof UserError)
      return data<Result>(
        error.field
          ? { ok: false, fields: { [error.field]: error.message } }
          : { ok: false, error: error.message },
        { status: error.status },
      );
    throw error;
  }
}

type Success = Extract<Result, { ok: true }>;

function useResultToast(
  fetcher: { state: string; data?: Result },
  onSuccess?: (result: Success) => void,
) {
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      onSuccess?.(fetcher.data);
    } else if (fetcher.data.error) toast.error(fetcher.data.error);
  }, [fetcher.state, fetcher.data, onSuccess]);
}

const card = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm';
const button =
  'rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60';

export default function Profile({ loaderData }: Route.ComponentProps) {
  const profile = useFetcher<Result>({ key: 'profile' });
  const password = useFetcher<Result>({ key: 'password' });
  const passwordForm = useRef<HTMLFormElement>(null);
  useResultToast(profile);
  useResultToast(password, () => passwordForm.current?.reset());
  const profileErrors = profile.data && !profile.data.ok ? (profile.data.fields ?? {}) : {};
  const passwordErrors = password.data && !password.data.ok ? (password.data.fields ?? {}) : {};

  return (
    <>
      <PageHeader title="Profile" />
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
          <profile.Form method="post" className="mt-5 space-y-4">
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
            <button type="submit" disabled={profile.state !== 'idle'} className={button}>
              Save details
            </button>
          </profile.Form>
        </section>
        <section aria-labelledby="change-password" className={card}>
          <h2 id="change-password" className="text-lg font-bold">
            Change password
          </h2>
          <password.Form ref={passwordForm} method="post" noValidate className="mt-5 space-y-4">
            <input type="hidden" name="intent" value="password" />
            <Field
              id="current"
              label="Current Password"
              type="password"
              autoComplete="current-password"
              error={passwordErrors.current}
            />
            <Field
              id="password"
              label="New Password"
              type="password"
              autoComplete="new-password"
              error={passwordErrors.password}
            />
            <Field
              id="confirm"
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              error={passwordErrors.confirm}
            />
            <button type="submit" disabled={password.state !== 'idle'} className={button}>
              Change password
            </button>
          </password.Form>
        </section>
        <TwoFactorSection enabled={loaderData.twoFactorEnabled} />
      </div>
    </>
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
  useResultToast(fetcher, (result) => setSetup(result.setup ?? null));
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fields ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  // Starting and turning off both take the password.
  const passwordForm = (intent: string, label: string) => (
    <fetcher.Form method="post" noValidate className="mt-5 max-w-sm space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <Field
        id="two-factor-password"
        name="current"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.current}
      />
      <button type="submit" disabled={busy} className={button}>
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
            <fetcher.Form method="post" noValidate className="max-w-sm space-y-4">
              <input type="hidden" name="intent" value="2fa-confirm" />
              <Field
                id="two-factor-code"
                name="code"
                label="Code from your app"
                inputMode="numeric"
                autoComplete="one-time-code"
                error={errors.code}
              />
              <button type="submit" disabled={busy} className={button}>
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
