import { isRouteErrorResponse } from 'react-router';

const SORRY = 'An unexpected error occurred. Please try again in a moment.';

/**
 * What an error page says: the title and the sentence under it, and in development the stack.
 * The shop's frame (root.tsx) and the back office's (routes/admin.tsx) say the same.
 */
export function errorText(error: unknown): { title: string; detail: string; stack?: string } {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404)
      return {
        title: 'Page not found',
        detail: 'The page you were looking for does not exist or has moved.',
      };
    if (error.status === 403)
      return { title: 'Access denied', detail: 'You do not have access to this page.' };
    return {
      title: `${error.status} ${error.statusText}`,
      detail: typeof error.data === 'string' && error.status < 500 ? error.data : SORRY,
    };
  }
  const title = 'Something went wrong';
  if (import.meta.env.DEV && error instanceof Error)
    return { title, detail: error.message, stack: error.stack };
  return { title, detail: SORRY };
}
