import { PRIVACY_NOTICE_FIELD, PRIVACY_NOTICE_VERSION } from '~/content/privacy-version';
import { UserError } from '../errors.server';

export const NOTICE_CHANGED =
  'Our privacy notice has changed since this page was opened. Please reload the page, read the notice and send again.';

/**
 * The privacy notice's version a form was sent with (its hidden PRIVACY_NOTICE_FIELD), to keep
 * with what it stores: the current version, or null when the post did not say (not one of the
 * shop's forms). An older version is refused (409): the person has not seen the notice in force.
 */
export function privacyNoticeVersionOf(values: Record<string, unknown>): string | null {
  const sent = values[PRIVACY_NOTICE_FIELD];
  if (sent === undefined || sent === '') return null;
  if (sent !== PRIVACY_NOTICE_VERSION) throw new UserError(NOTICE_CHANGED, 409);
  return sent;
}
