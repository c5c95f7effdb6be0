import * as AlertDialog from '@radix-ui/react-alert-dialog';

/** A modal message with one button: errors ('Error' … 'Try Again') and confirmations. */
export function MessageDialog({
  open,
  title,
  message,
  action,
  onClose,
}: {
  open: boolean;
  title: string;
  message: string;
  action: string;
  onClose: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (next ? null : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700">
            {message}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end">
            <AlertDialog.Action
              onClick={onClose}
              className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            >
              {action}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
