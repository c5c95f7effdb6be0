import { useId } from 'react';

const control = (error?: string) =>
  `mt-1 w-full rounded-md border bg-white px-3 py-2 text-slate-900 ${error ? 'border-red-600' : 'border-slate-300'}`;

export interface FrameProps {
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  children: (aria: {
    'aria-invalid'?: true;
    'aria-describedby'?: string;
    className: string;
  }) => React.ReactNode;
}

/**
 * A label, a control and the line under it, wired for screen readers: the control is described by
 * its hint and, when there is one, its error. The error line is always there, so a message
 * appearing or clearing on blur never moves the button the user is about to click.
 */
export function FieldFrame({ id, label, error, hint, children }: FrameProps) {
  const described = [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {children({
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described,
        className: control(error),
      })}
      <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-red-700">
        {error}
      </p>
    </div>
  );
}

type Common = { id?: string; label: React.ReactNode; error?: string; hint?: React.ReactNode };

/** A labelled input with its error underneath. `name` defaults to `id`. */
export function Field({
  id,
  label,
  error,
  hint,
  ...input
}: Common & React.ComponentProps<'input'>) {
  const auto = useId();
  const key = id ?? auto;
  return (
    <FieldFrame id={key} label={label} error={error} hint={hint}>
      {(aria) => <input id={key} name={input.name ?? id} {...aria} {...input} />}
    </FieldFrame>
  );
}

/** A labelled textarea with its error underneath. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  ...textarea
}: Common & React.ComponentProps<'textarea'>) {
  const auto = useId();
  const key = id ?? auto;
  return (
    <FieldFrame id={key} label={label} error={error} hint={hint}>
      {(aria) => <textarea id={key} name={textarea.name ?? id} {...aria} {...textarea} />}
    </FieldFrame>
  );
}

/** A labelled native select with its error underneath (works without JavaScript). */
export function SelectField({
  id,
  label,
  error,
  hint,
  children,
  ...select
}: Common & React.ComponentProps<'select'>) {
  const auto = useId();
  const key = id ?? auto;
  return (
    <FieldFrame id={key} label={label} error={error} hint={hint}>
      {(aria) => (
        <select id={key} name={select.name ?? id} {...aria} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

/** A message about the whole form (a failed save, a rate limit), announced when it appears. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}
