// The Contact Us page's words besides the form. Address, phone, e-mail and
// social links come from the SITE_* settings; opening hours are the company's, kept here.

export interface OpeningHours {
  days: string;
  hours: string;
}

export const contactTitle = 'Contact Us';
export const contactSubtitle =
  'Questions, quotations, site visits and after-sales service: write to us and our team answers within one working day.';

export const openingHours: OpeningHours[] = [
  { days: 'Monday to Friday', hours: '8:30 am – 6:00 pm' },
  { days: 'Saturday', hours: '9:00 am – 1:00 pm' },
  { days: 'Sunday and public holidays', hours: 'Closed' },
];

export const visitNote =
  'Our office and showroom are open for visits by appointment, so that the right specialist is there to meet you.';
