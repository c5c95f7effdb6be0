/** Shared class names of the inbox pages (one look for buttons, cards and inputs). */
export const card = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60 aria-disabled:opacity-60';
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60 aria-disabled:opacity-60';
export const input =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';
export const label = 'block text-sm font-medium text-slate-800';
