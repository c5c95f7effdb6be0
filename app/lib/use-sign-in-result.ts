import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '~/lib/toast';

export type SignInResult = { ok: true; redirectTo: string } | { ok: false; error: string };

/**
 * After a sign-in step's action (password, or the two-factor code): on success the welcome toast
 * and the redirect, on failure `onError` with the message, once per result.
 */
export function useSignInResult(
  result: SignInResult | undefined,
  onError: (message: string) => void,
) {
  const navigate = useNavigate();
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      toast.success('You are now logged in.');
      void navigate(result.redirectTo, { replace: true });
    } else onError(result.error);
  }, [result, navigate, onError]);
}
