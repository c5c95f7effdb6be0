import { lazy, Suspense } from 'react';
import { TOAST_DURATION_MS } from '~/lib/constants';
import { useHydrated } from '~/lib/use-hydrated';

// Loaded after hydration, off the first page's critical path; toasts are only ever client-side.
const Sonner = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Toasts as spec §9 sets them: top-right, 5 s, paused on hover, swipe to dismiss, a close button. */
export function Toaster() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Sonner position="top-right" duration={TOAST_DURATION_MS} closeButton richColors />
    </Suspense>
  );
}
