import {
  createContext,
  lazy,
  Suspense,
  use,
  useEffect,
  useState,
  type ComponentProps,
} from 'react';

// The dialogs every page imports. Radix and the dialogs' own code (./dialog-impl) are about
// 14 KiB gzip that no page needs to show, so they are loaded on the page's first pointer or key
// press (before any dialog can be opened by a click or a submitted form) instead of with the
// page: /login and /register would otherwise load them first.
const load = () => import('./dialog-impl');
let loading: ReturnType<typeof load> | undefined;
/** Starts loading the dialogs (once); the returned promise resolves when they are ready. */
export const preloadDialogs = () => (loading ??= load());

const LazyModal = lazy(() => preloadDialogs().then((m) => ({ default: m.Modal })));
const LazyMessage = lazy(() => preloadDialogs().then((m) => ({ default: m.MessageDialog })));
const LazyConfirm = lazy(() => preloadDialogs().then((m) => ({ default: m.ConfirmDialog })));

export const secondaryButton =
  'rounded-md px-4 py-2 font-semibold text-slate-700 hover:bg-slate-100';

/**
 * Whether to render the dialog: from its first opening on (so Radix sees it close, and returns
 * focus), never before. Meanwhile the page's first interaction starts loading the dialogs.
 */
function useMounted(open: boolean) {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    if (mounted) return;
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    const start = () => {
      for (const type of events) window.removeEventListener(type, start, true);
      void preloadDialogs();
    };
    for (const type of events) window.addEventListener(type, start, true);
    return () => {
      for (const type of events) window.removeEventListener(type, start, true);
    };
  }, [mounted]);
  return mounted;
}

const CloseModal = createContext<() => void>(() => {});

/**
 * A modal dialog with a title, an optional description, a close button and any content (a form).
 * Focus is trapped inside, Esc closes it, and focus returns to where it was when it opened, or
 * where `returnFocus` says (when what the dialog did took its opener away).
 * `initialFocus` names the element to focus first (by id), e.g. the form's first field.
 */
export function Modal(props: ComponentProps<typeof LazyModal>) {
  const mounted = useMounted(props.open);
  if (!mounted) return null;
  return (
    <CloseModal value={() => props.onOpenChange(false)}>
      <Suspense fallback={null}>
        <LazyModal {...props} />
      </Suspense>
    </CloseModal>
  );
}

/** The Cancel button of a Modal's form: closes the dialog. */
export function ModalCancel({ children = 'Cancel' }: { children?: React.ReactNode }) {
  const close = use(CloseModal);
  return (
    <button type="button" onClick={close} className={secondaryButton}>
      {children}
    </button>
  );
}

/**
 * A message that needs acknowledging, with one button: errors ('Error' … 'Try Again') and
 * confirmations ('Deleted!'). Optional `children` go under the message (a thumbnail, links).
 */
export function MessageDialog(props: ComponentProps<typeof LazyMessage>) {
  const mounted = useMounted(props.open);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <LazyMessage {...props} />
    </Suspense>
  );
}

/**
 * Asks before something that cannot be undone ('Are you sure?'): Cancel, or the confirming
 * button. Cancel has the focus first, so Enter never destroys anything by accident.
 */
export function ConfirmDialog(props: ComponentProps<typeof LazyConfirm>) {
  const mounted = useMounted(props.open);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <LazyConfirm {...props} />
    </Suspense>
  );
}
