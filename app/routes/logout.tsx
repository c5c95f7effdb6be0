import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { auth } from '~/services/auth.server';

export async function loader() {
  return redirect('/');
}

/** Ends the session on the server and clears the cookie. */
export async function action({ request }: Route.ActionArgs) {
  const response = await auth().api.signOut({ headers: request.headers, asResponse: true });
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
  return redirect('/', { headers });
}
