import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '~/lib/constants';
import { toasterState } from '~/lib/toast';

// Loaded with the first toast, off every page's first load; toasts are only ever client-side.
const Sonner = lazy(() =>
  import('sonner').then((m) => {
    const release = () => toasterState.ready(m.toast);
    return {
      default: function LoadedToaster() {
        // Effects run in tree order: sonner's Toaster subscribes first, then Release hands it
        // the toasts raised while sonner was loading.
        return (
          <>
            <m.Toaster
              position="top-right"
              duration={TOAST_DURATION_MS}
              closeButton
              richColors
              // Below the sticky header, so a toast never covers the cart and its count.
              offset={{ top: 112, right: 16 }}
              mobileOffset={{ top: 64, right: 8, left: 8 }}
            />
            <Release onReady={release} />
          </>
        );
      },
    };
  }),
);

function Release({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}

/** Toasts: top-right, 5 s, paused on hover, swipe to dismiss, a close button. */
export function Toaster() {
  const wanted = useSyncExternalStore(toasterState.subscribe, toasterState.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Sonner />
    </Suspense>
  );
}
