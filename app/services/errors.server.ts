/** An error whose message is meant for the user, with the HTTP status that goes with it. */
export class UserError extends Error {
  override name = 'UserError';
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** A UserError shown under one field of the form rather than in a toast. */
export class FieldError extends UserError {
  constructor(
    readonly field: string,
    error: UserError,
  ) {
    super(error.message, error.status);
  }
}

/** For `.catch()`: a 400 UserError becomes a FieldError for `field`; anything else goes on. */
export const fieldError =
  (field: string) =>
  (error: unknown): never => {
    if (error instanceof UserError && error.status === 400) throw new FieldError(field, error);
    throw error;
  };
