import { data, Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/login';
import { PageHeader } from '~/components/layout/page-header';
import { seo } from '~/lib/meta';
import { safeRedirect } from '~/lib/safe-redirect';
import { auth } from '~/services/auth.server';
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
  if (user) throw redirect(user.role === 'admin' ? '/admin/list' : '/');
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  if (!email || !password)
    return data({ error: 'Please enter your email and password.' }, { status: 400 });
  const response = await auth().api.signInEmail({
    body: { email, password },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    return data(
      { error: body?.message ?? 'Invalid email or password' },
      { status: response.status === 429 ? 429 : 400 },
    );
  }
  const { user } = (await response.json()) as { user: { role?: string } };
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
  const target =
    user.role === 'admin'
      ? '/admin/list'
      : safeRedirect(new URL(request.url).searchParams.get('redirectTo'));
  return redirect(target, { headers });
}

export default function Login() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <PageHeader title="Sign In" />
      <div className="mx-auto max-w-md px-4 py-10">
        <Form
          method="post"
          className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          {result?.error ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {result.error}
            </p>
          ) : null}
          <div>
            <label htmlFor="email" className="block text-sm font-medium text-slate-800">
              Email
            </label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              required
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor="password" className="block text-sm font-medium text-slate-800">
              Password
            </label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
            />
          </div>
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            Sign In
          </button>
          <p className="text-center text-sm text-slate-600">
            No account yet?{' '}
            <Link to="/register" className="font-semibold text-brand-700 underline">
              Register
            </Link>
          </p>
        </Form>
      </div>
    </>
  );
}
