// Toasts without sonner on the first load: the library comes in with the Toaster after hydration
// (components/ui/toaster.tsx), and a toast raised before then waits for it. Public pages such as
// the product page raise toasts only after a click, so they need not ship sonner up front.
type Toast = typeof import('sonner').toast;
type Options = Parameters<Toast['success']>[1];

let loading: Promise<Toast> | undefined;
const load = () => (loading ??= import('sonner').then((m) => m.toast));

export const toast = {
  success(message: string, options?: Options) {
    void load().then((t) => t.success(message, options));
  },
  error(message: string, options?: Options) {
    void load().then((t) => t.error(message, options));
  },
};
