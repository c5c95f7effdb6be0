/** What the frame shows about the company; from SITE_* configuration, safe to send to the browser. */
export interface SiteInfo {
  name: string;
  address: string;
  email: string;
  phone: string;
  uen: string;
  /** GST registration number; null when the company is not GST-registered. */
  gstRegNo: string | null;
  social: { label: string; href: string }[];
}

/** When staff answer an enquiry, as the confirmation page and the acknowledgement e-mail say it. */
export const ENQUIRY_REPLY_TIME = 'usually within one working day';

/**
 * The year in Singapore at `now`, for the footer's copyright line. The server works it out (its
 * clock runs in UTC) and sends it with the root loader's data, so the browser renders the same
 * year as the HTML it hydrates, also in the eight hours when UTC is still in the old year.
 */
export function copyrightYear(now: Date): number {
  return Number(singaporeYear.format(now));
}
// Pure: a page's bundle that uses neither function leaves the formatters out (and unbuilt).
const singaporeYear = /* @__PURE__ */ new Intl.DateTimeFormat('en-SG', {
  timeZone: 'Asia/Singapore',
  year: 'numeric',
});

const singaporeDateTime = /* @__PURE__ */ new Intl.DateTimeFormat('en-SG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Singapore',
});

/** A moment as staff in Singapore read it ('2 Mar 2026, 1:30 am'), whatever the server's zone. */
export function singaporeTime(date: Date): string {
  return singaporeDateTime.format(date);
}
