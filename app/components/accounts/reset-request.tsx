import { Field, FormError } from '~/components/ui/field';
import { busyButton } from '~/lib/busy-button';
import type { FieldErrors } from '~/lib/forms';

/**
 * What asking for a reset link shows inside its form: the sign-in page's Forgot password dialog
 * (a fetcher's form) and /reset-password without a link (a page's form, also without JavaScript)
 * post the same fields to /reset-password.
 */
export function ResetRequestFields({
  errors,
  formError,
  busy,
  email,
}: {
  errors: FieldErrors;
  formError?: string;
  busy: boolean;
  /** What a refused plain post had in the field. */
  email?: string;
}) {
  return (
    <>
      <input type="hidden" name="intent" value="request" />
      <FormError message={formError} />
      <Field
        id="reset-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        defaultValue={email}
        error={errors.email}
      />
      <button
        type="submit"
        {...busyButton(busy)}
        className="w-full rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 aria-disabled:opacity-60"
      >
        Send reset link
      </button>
    </>
  );
}

/**
 * The answer once the link is asked for. It replaces the form whose button had the focus: the
 * focus moves to it (read out), rather than falling to the dialog or the page.
 */
export function ResetRequestSent({
  message,
  className = '',
}: {
  message: string;
  className?: string;
}) {
  return (
    <p
      role="status"
      tabIndex={-1}
      ref={(element) => element?.focus()}
      className={`rounded-md bg-green-50 px-3 py-2 text-sm text-green-900 ${className}`}
    >
      {message}
    </p>
  );
}
