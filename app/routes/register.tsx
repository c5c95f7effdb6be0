import { useEffect, useRef, useState } from 'react';
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useNavigate,
  useNavigation,
} from 'react-router';
import type { Route } from './+types/register';
import { PageHeader } from '~/components/layout/page-header';
import { Field } from '~/components/ui/field';
import { MessageDialog } from '~/components/ui/message-dialog';
import { fieldErrors, registerSchema, type FieldErrors } from '~/lib/schemas/account';
import { seo } from '~/lib/meta';
import { limitAccountAction, register } from '~/services/accounts/accounts.server';
import { UserError } from '~/services/errors.server';
import { getUser } from '~/services/permissions.server';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Register',
    description: 'Create a Fieldhouse account to keep your cart and follow your enquiries.',
    path: '/register',
    matches,
  });

export async function loader({ request }: Route.LoaderArgs) {
  if (await getUser(request)) throw redirect('/profile');
  return null;
}

type Result = { ok: true } | { ok: false; error?: string; fields?: FieldErrors };

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = registerSchema.safeParse(form);
  if (!parsed.success)
    return data<Result>({ ok: false, fields: fieldErrors(parsed.error) }, { status: 400 });
  try {
    await limitAccountAction(request, context.clientAddress, 'sign-up');
    await register(parsed.data);
  } catch (error) {
    if (error instanceof UserError) {
      const fields = error.status === 409 ? { email: error.message } : undefined;
      return data<Result>({ ok: false, error: error.message, fields }, { status: error.status });
    }
    throw error;
  }
  // Without JavaScript there is no dialog: go straight to sign in.
  if (form.js !== '1') throw redirect('/login?registered=1');
  return { ok: true } satisfies Result;
}

const fieldNames = ['email', 'name', 'password', 'confirm'] as const;

export default function Register() {
  const result = useActionData<typeof action>();
  const navigate = useNavigate();
  const busy = useNavigation().state === 'submitting';
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<null | { title: string; message: string; action: string }>(
    null,
  );
  const handled = useRef<unknown>(null);

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      setDialog({
        title: 'Success',
        message: 'Your account has been created.',
        action: 'Continue',
      });
    } else {
      if (result.fields) setErrors(result.fields);
      if (result.error) setDialog({ title: 'Error', message: result.error, action: 'Try Again' });
    }
  }, [result]);

  function validate(only?: Set<string>): FieldErrors {
    const values = Object.fromEntries(new FormData(formRef.current!));
    const parsed = registerSchema.safeParse(values);
    const all = parsed.success ? {} : fieldErrors(parsed.error);
    const shown: FieldErrors = {};
    for (const name of fieldNames) if (!only || only.has(name)) shown[name] = all[name];
    setErrors(shown);
    return all;
  }

  function onBlur(event: React.FocusEvent<HTMLInputElement>) {
    const next = new Set(touched).add(event.target.name);
    setTouched(next);
    validate(next);
  }

  return (
    <>
      <PageHeader title="Register" subtitle="One account for your cart and your enquiries." />
      <div className="mx-auto max-w-md px-4 py-10">
        <Form
          ref={formRef}
          method="post"
          noValidate
          onSubmit={(event) => {
            const all = validate();
            setTouched(new Set(fieldNames));
            if (Object.values(all).some(Boolean)) event.preventDefault();
          }}
          className="space-y-2 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <input type="hidden" name="js" value="1" />
          <Field
            id="email"
            label="Email"
            type="email"
            autoComplete="email"
            onBlur={onBlur}
            error={errors.email}
          />
          <Field
            id="name"
            label="Full Name"
            autoComplete="name"
            onBlur={onBlur}
            error={errors.name}
          />
          <Field
            id="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            onBlur={onBlur}
            error={errors.password}
          />
          <Field
            id="confirm"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            onBlur={onBlur}
            error={errors.confirm}
          />
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-md bg-brand-600 px-4 py-2.5 font-bold tracking-wide text-white hover:bg-brand-700 disabled:opacity-60"
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
        open={dialog !== null}
        title={dialog?.title ?? ''}
        message={dialog?.message ?? ''}
        action={dialog?.action ?? 'OK'}
        onClose={() => {
          const succeeded = dialog?.title === 'Success';
          setDialog(null);
          if (succeeded) void navigate('/login');
        }}
      />
    </>
  );
}
