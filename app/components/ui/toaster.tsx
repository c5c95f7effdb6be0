import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS } from '~/lib/constants';

/** Toasts as spec §9 sets them: top-right, 5 s, paused on hover, swipe to dismiss, a close button. */
export function Toaster() {
  return <Sonner position="top-right" duration={TOAST_DURATION_MS} closeButton richColors />;
}
