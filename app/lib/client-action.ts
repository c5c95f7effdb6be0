import { data, isRouteErrorResponse } from 'react-router';
import type { ActionFailure } from './forms';

/** What a submission says when it got no usable answer (no connection, a 5xx). */
export const SUBMIT_FAILED = 'Something went wrong. Please try again.';

/** The server's own refusals that end the page: the root ErrorBoundary has a page for each. */
const PAGE_ENDING = new Set([401, 403, 404]);

/**
 * The body of a `clientAction` for a form that stays on screen. Without it, a submission with
 * JavaScript that fails at the network level (connection lost) or with an unexpected 5xx goes to
 * the nearest ErrorBoundary, the root's, which replaces the page and everything typed or cropped
 * in it. Here such a failure becomes the action's ordinary failure, so the form keeps its values
 * and shows `failed`. Redirects (a sent enquiry's confirmation page, the sign-in page when
 * the session has ended) and a deliberate 401/403/404 still go to React Router. Plain posts
 * (before hydration, or without JavaScript) never run a clientAction: they are unchanged.
 */
export async function callServerAction<T>(
  serverAction: () => Promise<T>,
  /** What the form says then, if not SUBMIT_FAILED (a page whose failure has words of its own). */
  failed: string = SUBMIT_FAILED,
) {
  try {
    return await serverAction();
  } catch (error) {
    // serverAction() throws a redirect as a Response, and a thrown Response as an ErrorResponse.
    if (error instanceof Response) throw error;
    if (isRouteErrorResponse(error) && PAGE_ENDING.has(error.status)) throw error;
    // A submission that a newer one of the same fetcher replaced: React Router drops its answer.
    if ((error as Error | null)?.name === 'AbortError') throw error;
    console.error('The submission failed:', error);
    // A 5xx status, as the server would have answered: React Router then skips revalidating the
    // page's loaders, which would fail too while the connection is down (and end the page).
    return data<ActionFailure>({ ok: false, error: failed }, { status: 500 });
  }
}
