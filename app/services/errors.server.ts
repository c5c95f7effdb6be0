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
