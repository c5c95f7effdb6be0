/**
 * An error whose message is meant for the user, with the HTTP status that goes with it, and the
 * form field it is about when the page shows it under a field rather than in a toast.
 */
export class UserError extends Error {
  override name = 'UserError';
  constructor(
    message: string,
    readonly status = 400,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * For `.catch()`: a 400 UserError becomes one about `field` (unless it names its own field, as a
 * refused new password does); anything else goes on.
 */
export const fieldError =
  (field: string) =>
  (error: unknown): never => {
    if (error instanceof UserError && error.status === 400 && !error.field)
      throw new UserError(error.message, error.status, field);
    throw error;
  };
