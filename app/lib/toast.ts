// Toasts without sonner on the first load: the library and its Toaster come in with the first
// toast (components/ui/toaster.tsx mounts them when `wanted` turns true), and toasts raised
// before the Toaster is listening wait in a queue, so none is lost.
type Toast = typeof import('sonner').toast;
type Options = Parameters<Toast['success']>[1];
type Pending = (toast: Toast) => void;

let wanted = false;
let ready: Toast | null = null;
const queue: Pending[] = [];
const listeners = new Set<() => void>();

function show(pending: Pending) {
  if (ready) return pending(ready);
  queue.push(pending);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

export const toast = {
  success(message: string, options?: Options) {
    show((t) => t.success(message, options));
  },
  error(message: string, options?: Options) {
    show((t) => t.error(message, options));
  },
};

/** For the Toaster: whether any toast has been asked for yet. */
export const toasterState = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  wanted: () => wanted,
  /** Called once the Toaster is mounted and listening: shows what waited. */
  ready(t: Toast) {
    ready = t;
    for (const pending of queue.splice(0)) pending(t);
  },
};
