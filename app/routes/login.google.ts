import { redirect } from 'react-router';
import type { Route } from './+types/login.google';
import { safeRedirect } from '~/lib/safe-redirect';
import { auth } from '~/services/auth.server';
import { env } from '~/services/env.server';

export function loader() {
  return redirect('/login');
}

/** Starts Google sign-in (only when configured); a first sign-in creates a customer account. */
export async function action({ request }: Route.ActionArgs) {
  const config = env();
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) throw redirect('/login');
  // A resource route: a body that is not a form must be answered here, or it would be a 500.
  const form = await request.formData().catch(() => null);
  if (!form) return new Response('The form could not be read.', { status: 400 });
  const response = await auth().api.signInSocial({
    body: {
      provider: 'google',
      callbackURL: safeRedirect(form.get('redirectTo')),
      // Better Auth's own error page otherwise (e.g. an e-mail with a password account already).
      errorCallbackURL: '/login?error=google',
    },
    headers: request.headers,
    asResponse: true,
  });
  const { url } = (await response.json()) as { url?: string };
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
  return redirect(url ?? '/login', { headers });
}
