import { useEffect, useRef } from 'react';

/**
 * Calls `handle` once for each new action result (toasts, dialogs, navigation): a re-render with
 * the same result does nothing.
 */
export function useOnResult<R>(result: R | null | undefined, handle: (result: R) => void): void {
  const handled = useRef<R | undefined>(undefined);
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    // A fetcher that was reset holds null.
    if (result === undefined || result === null || handled.current === result) return;
    handled.current = result;
    latest.current(result);
  }, [result]);
}
