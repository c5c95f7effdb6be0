import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef } from 'react';
import { pageHeading } from '~/lib/page-heading';
import { secondaryButton as secondary } from './dialog';

// The dialogs themselves, with Radix. Pages import them from ./dialog, which loads this module
// only when a page is first used (it and Radix are about 14 KiB gzip that no page needs to show).

const overlay = 'fixed inset-0 z-40 bg-slate-900/50';
const panel =
  'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl';
const primary =
  'rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 aria-disabled:opacity-60';
const danger =
  'rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60 aria-disabled:opacity-60';

/**
 * Where focus goes when a dialog closes: where `returnFocus` says, when it names an element (what
 * the dialog did may have removed its opener: the row it deleted, the picker of a form now full);
 * else back to the element that had it when the dialog opened (a dialog opened from a form submit
 * has no Radix trigger, and focus would fall to <body>). When that element is gone (the row a
 * 'Deleted!' message was about) or nothing had the focus, the page's heading takes it, so the
 * keyboard goes on from the page rather than from its top.
 */
function useReturnFocus(returnFocus?: ReturnFocus) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const opened = opener.current;
      const target =
        returnFocus?.() ??
        (opened?.isConnected && opened !== document.body ? opened : pageHeading());
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}

/**
 * Called as the dialog closes, once what closed it has rendered: the element to focus next, or
 * null for the opener.
 */
type ReturnFocus = () => HTMLElement | null;

/**
 * A modal dialog with a title, an optional description, a close button and any content (a form).
 * Focus is trapped inside, Esc closes it, and focus returns to where it was when it opened, or
 * where `returnFocus` says (when what the dialog did took its opener away).
 * `initialFocus` names the element to focus first (by id), e.g. the form's first field.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  initialFocus,
  wide,
  returnFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: React.ReactNode;
  initialFocus?: string;
  wide?: boolean;
  returnFocus?: ReturnFocus;
  children: React.ReactNode;
}) {
  const focus = useReturnFocus(returnFocus);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            focus.onOpenAutoFocus();
            if (!initialFocus) return;
            event.preventDefault();
            document.getElementById(initialFocus)?.focus();
          }}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className={`${panel} ${wide ? 'max-w-2xl' : 'max-w-md'}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="mt-1 text-sm text-slate-700">
              {description}
            </Dialog.Description>
          ) : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The frame both alert dialogs share: overlay, panel, title, message, then their buttons. */
function AlertShell({
  open,
  onDismiss,
  title,
  message,
  returnFocus,
  children,
}: {
  open: boolean;
  onDismiss: () => void;
  title: string;
  message: React.ReactNode;
  returnFocus?: ReturnFocus;
  children: React.ReactNode;
}) {
  const focus = useReturnFocus(returnFocus);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (next ? null : onDismiss())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlay} />
        <AlertDialog.Content
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className={`${panel} max-w-sm`}
        >
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700">
            {message}
          </AlertDialog.Description>
          {children}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * A message that needs acknowledging, with one button: errors ('Error' … 'Try Again') and
 * confirmations ('Deleted!'). Optional `children` go under the message (a thumbnail, links).
 */
export function MessageDialog({
  open,
  title,
  message,
  action,
  onClose,
  returnFocus,
  children,
}: {
  open: boolean;
  title: string;
  message: React.ReactNode;
  action: string;
  onClose: () => void;
  returnFocus?: ReturnFocus;
  children?: React.ReactNode;
}) {
  return (
    <AlertShell
      open={open}
      onDismiss={onClose}
      title={title}
      message={message}
      returnFocus={returnFocus}
    >
      {children}
      <div className="mt-6 flex justify-end">
        {/* Radix gives an alert dialog's first focus to its Cancel: without one, focus stayed
            on the page behind. This button only dismisses, so it is the Cancel (closing calls
            onClose once, through onDismiss). */}
        <AlertDialog.Cancel className={primary}>{action}</AlertDialog.Cancel>
      </div>
    </AlertShell>
  );
}

/**
 * Asks before something that cannot be undone ('Are you sure?'): Cancel, or the confirming
 * button. Cancel has the focus first, so Enter never destroys anything by accident.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirm,
  destructive = true,
  busy,
  onConfirm,
  onCancel,
  returnFocus,
}: {
  open: boolean;
  title: string;
  message: React.ReactNode;
  confirm: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  returnFocus?: ReturnFocus;
}) {
  return (
    <AlertShell
      open={open}
      onDismiss={onCancel}
      title={title}
      message={message}
      returnFocus={returnFocus}
    >
      <div className="mt-6 flex justify-end gap-2">
        <AlertDialog.Cancel className={secondary}>Cancel</AlertDialog.Cancel>
        <button
          type="button"
          disabled={busy}
          onClick={onConfirm}
          className={destructive ? danger : primary}
        >
          {confirm}
        </button>
      </div>
    </AlertShell>
  );
}
