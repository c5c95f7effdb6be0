import { PRIVACY_NOTICE_FIELD, PRIVACY_NOTICE_VERSION } from '~/content/privacy-version';

/**
 * Sends the version of the privacy notice that the form's short notice links to, so what it
 * stores records which notice the person was shown (services/privacy/notice.server.ts).
 */
export function PrivacyNoticeVersion() {
  return <input type="hidden" name={PRIVACY_NOTICE_FIELD} value={PRIVACY_NOTICE_VERSION} />;
}
