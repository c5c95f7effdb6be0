import { createContext, useContext } from 'react';

/**
 * The id of the request this document answers (its X-Request-Id, in every log line about it), set
 * by entry.server.tsx so an error page can show it for the buyer to quote. Empty in the browser,
 * which has no id of its own for a page it renders.
 */
export const RequestIdContext = createContext('');

export function useRequestId(): string {
  return useContext(RequestIdContext);
}
