/** What the frame shows about the company; from SITE_* configuration, safe to send to the browser. */
export interface SiteInfo {
  name: string;
  address: string;
  email: string;
  phone: string;
  uen: string;
  social: { label: string; href: string }[];
}

/** When staff answer an enquiry, as the confirmation page and the acknowledgement e-mail say it. */
export const ENQUIRY_REPLY_TIME = 'usually within one working day';
