/**
 * The privacy notice's version: the day its words last changed (app/content/legal.ts shows it as
 * "Last updated"). Every form that collects personal data sends it, and the enquiry or message
 * keeps it, so staff can tell which notice the person was shown. A form sent with an older
 * version is refused and shown again with the notice as it now stands. Kept apart from the
 * notice's text, which the forms' scripts need not carry.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-28';

/** The hidden field that carries it. */
export const PRIVACY_NOTICE_FIELD = 'privacyNoticeVersion';
