/** A labelled input with its error underneath, wired for screen readers. */
export function Field({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string } & React.ComponentProps<'input'>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={input.name ?? id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 w-full rounded-md border px-3 py-2 ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...input}
      />
      {/* The line is always there, so an error appearing or clearing on blur never moves the
          button the user is about to click. */}
      <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-red-700">
        {error}
      </p>
    </div>
  );
}
