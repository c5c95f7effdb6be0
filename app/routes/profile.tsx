import { useEffect, useRef } from 'react';
import { data, useFetcher } from 'react-router';
import { toast } from 'sonner';
import type { Route } from './+types/profile';
import { PageHeader } from '~/components/layout/page-header';
import { Field } from '~/components/ui/field';
import {
  fieldErrors,
  newPasswordSchema,
  profileSchema,
  type FieldErrors,
} from '~/lib/schemas/account';
import { changePassword, updateProfile } from '~/services/accounts/accounts.server';
import { UserError } from '~/services/errors.server';
import { requireUser } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => [
  { title: 'Profile | Fieldhouse Sports Engineering' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { name: user.name, email: user.email, phone: user.phone ?? '' };
}

type Result = { ok: true; message: string } | { ok: false; error?: string; fields?: FieldErrors };

export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  const form = await request.formData();
  const values = Object.fromEntries(form) as Record<string, string>;
  try {
    if (values.intent === 'profile') {
      const parsed = profileSchema.safeParse(values);
      if (!parsed.success)
        return data<Result>({ ok: false, fields: fieldErrors(parsed.error) }, { status: 400 });
      await updateProfile(request, parsed.data);
      return { ok: true, message: 'Your profile has been saved.' } satisfies Result;
    }
    if (values.intent === 'password') {
      const parsed = newPasswordSchema.safeParse(values);
      if (!parsed.success)
        return data<Result>({ ok: false, fields: fieldErrors(parsed.error) }, { status: 400 });
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
    return data<Result>({ ok: false, error: 'Unknown action.' }, { status: 400 });
  } catch (error) {
    if (error instanceof UserError)
      return data<Result>({ ok: false, error: error.message }, { status: error.status });
    throw error;
  }
}

function useResultToast(fetcher: { state: string; data?: Result }, onSuccess?: () => void) {
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      onSuccess?.();
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
      </div>
    </>
  );
}
