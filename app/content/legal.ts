// The Terms and Conditions and the Privacy Notice. Written for a Singapore company that sells to
// schools and organisations by quotation; the privacy notice follows the Personal Data Protection
// Act 2012 (PDPA): what is collected, why, how long it is kept, withdrawal of consent, access
// and correction, and whom to contact. `{name}`, `{email}`, `{address}` and `{uen}` are filled
// in from the SITE_* settings when the page renders, so the text always names the operator; the
// privacy notice's `{dpoEmail}` and retention periods (`{enquiryMonths}`, `{contactMonths}`,
// `{invoiceYears}`) come from its page's loader, so the notice states what the shop does.

import { PRIVACY_NOTICE_VERSION } from './privacy-version';

export interface LegalSection {
  id: string;
  title: string;
  /** Paragraphs; a paragraph given as an array is a bulleted list. */
  body: (string | string[])[];
}

export interface LegalDocument {
  title: string;
  /** ISO date the text last changed, shown as "Last updated". */
  updated: string;
  intro: string;
  sections: LegalSection[];
}

export const terms: LegalDocument = {
  title: 'Terms and Conditions',
  updated: '2026-11-23',
  intro:
    'These terms apply to the use of this website and to every enquiry, quotation and order placed with {name} (UEN {uen}) through it. By using the website or sending an enquiry you accept them.',
  sections: [
    {
      id: 'website',
      title: '1. Use of this website',
      body: [
        'The catalogue shows the products and services we offer. Pictures are illustrations; dimensions, materials and finishes are those stated in our written quotation.',
        'You agree not to misuse the website, including by sending automated requests, attempting to gain access to accounts or data that are not yours, or submitting information that is false or belongs to someone else without their permission.',
      ],
    },
    {
      id: 'enquiries',
      title: '2. Enquiries and quotations',
      body: [
        'An enquiry sent through the website is a request for a quotation. It is not an order and does not bind either party.',
        'Our quotation states the scope of supply and work, prices in Singapore dollars, Goods and Services Tax (GST) shown separately, the delivery or installation period and the payment terms. Unless it says otherwise, a quotation is valid for 30 days from its date.',
        'A contract is formed only when you accept a quotation in writing (including by purchase order or a GeBIZ award) and we confirm the order. Where your organisation’s purchase order or tender conditions apply, they take precedence over these terms to the extent they differ.',
      ],
    },
    {
      id: 'site-work',
      title: '3. Delivery, installation and site work',
      body: [
        'Delivery and installation dates are agreed with you and depend on site access and readiness. For installations you are responsible for giving safe access to the site, power and water where needed, and the information we ask for about underground services and the structure of walls and floors.',
        'Surfaces such as acrylic coatings need dry weather to be applied and to cure. Work delayed by rain or by site conditions outside our control is rescheduled without penalty to either party.',
        'Risk in delivered goods passes to you on delivery; ownership passes when the goods are paid for in full.',
      ],
    },
    {
      id: 'payment',
      title: '4. Prices and payment',
      body: [
        'Prices are those in the accepted quotation. Unless agreed otherwise, invoices are payable within 30 days of the invoice date. For public-sector buyers, the payment terms of the purchase order or contract apply.',
        'Changes to the scope after acceptance, such as additional work found on site, are quoted separately and carried out only with your written agreement.',
      ],
    },
    {
      id: 'warranty',
      title: '5. Warranty',
      body: [
        'Equipment is covered by the manufacturer’s warranty stated in the quotation. Our installation workmanship is warranted for 12 months from handover unless the quotation says otherwise.',
        'The warranty does not cover damage from misuse, vandalism, accidents, lack of the maintenance we recommend, or alterations made by others.',
        'Goods delivered damaged or not as ordered must be reported within 7 days of delivery; we will repair or replace them.',
      ],
    },
    {
      id: 'liability',
      title: '6. Liability',
      body: [
        'Nothing in these terms limits liability for death or personal injury caused by negligence, or any other liability that cannot be limited under Singapore law.',
        'Otherwise, our total liability under a contract is limited to the price paid for the goods or services concerned, and we are not liable for indirect or consequential loss.',
      ],
    },
    {
      id: 'privacy',
      title: '7. Personal data',
      body: [
        'We handle personal data as described in our Privacy Notice, in accordance with the Personal Data Protection Act 2012.',
      ],
    },
    {
      id: 'law',
      title: '8. Governing law',
      body: [
        'These terms are governed by the laws of Singapore, and the courts of Singapore have exclusive jurisdiction over any dispute arising from them.',
        'We may update these terms from time to time; the version on this page at the date of your order applies to it. Questions about these terms can be sent to {email}.',
      ],
    },
  ],
};

export const privacy: LegalDocument = {
  title: 'Privacy Notice',
  // Change PRIVACY_NOTICE_VERSION with every change of these words.
  updated: PRIVACY_NOTICE_VERSION,
  intro:
    '{name} (UEN {uen}) respects your personal data. This notice explains, as the Personal Data Protection Act 2012 (PDPA) requires, what personal data we collect through this website and our services, why, how long we keep it, and how you can withdraw consent, see or correct it.',
  sections: [
    {
      id: 'collect',
      title: '1. What we collect',
      body: [
        'We collect only what you give us or what is needed to run the website:',
        [
          'Contact details: your name, e-mail address and phone number, and the organisation and purchase order or GeBIZ reference you give with an enquiry.',
          'What you send us: the messages, enquiries and cart contents you submit, and our correspondence with you about them.',
          'Account details, if you register: your name, e-mail address, phone number and a securely hashed password (we never store the password itself).',
          'Technical data: your network (IP) address, used to protect the forms against abuse; the address and browser a signed-in session was started from, which you can ask us about if you suspect someone else used your account; and cookies that keep you signed in and remember your cart. We do not use advertising or tracking cookies.',
          'Page speed: for a sample of page views your browser reports how fast the page loaded and responded, with the kind of page (not its address), whether the screen was a phone’s or a computer’s and the type of connection. It is sent without cookies or anything that identifies you, and kept only as daily totals.',
        ],
      ],
    },
    {
      id: 'purposes',
      title: '2. Why we use it',
      body: [
        'We use your personal data to:',
        [
          'answer your enquiries and messages, prepare quotations and arrange site visits;',
          'supply, deliver, install and maintain what you order, and invoice for it;',
          'run your account and keep it secure;',
          'keep the records that the law and our accounting require.',
        ],
        'We do not sell your personal data. We send news of products and offers only to customers who ticked the box for it when registering or on their Profile page, where they can untick it at any time; at present we send none. If you give us the details of another person (for example a colleague who will receive a delivery), please make sure they agree.',
      ],
    },
    {
      id: 'disclosure',
      title: '3. Who sees it',
      body: [
        'Your data is seen by our staff who handle your enquiry or order. We share it only with service providers who help us deliver the service (such as our e-mail and hosting providers, couriers and installation subcontractors), under contracts that require them to protect it, or where the law requires us to. Where data is stored or processed outside Singapore, we make sure it receives a standard of protection comparable to the PDPA.',
      ],
    },
    {
      id: 'retention',
      title: '4. How long we keep it',
      body: [
        [
          'Enquiries that never became an order: {enquiryMonths} months after the last activity on them (your message, our reply or quotation, your answer). Then we erase your name, e-mail address, phone number, delivery address, message, our correspondence and the files sent with it; what was asked for stays, without anything that identifies you, for our statistics.',
          'Contact form messages: {contactMonths} months after our last correspondence, then erased the same way.',
          'Orders: the tax invoices and credit notes, the order, the quotation you accepted and your acceptance with its purchase order are kept for {invoiceYears} years after the end of the financial year they belong to, as Singapore’s Income Tax Act, GST Act and Companies Act require. Tax invoices and credit notes are never changed; the rest of such an enquiry is erased as above when you ask us to.',
          'Accounts: while the account is open. You can download everything we hold about you and delete your account yourself on your Profile page; the account and its sessions are deleted at once and your enquiries and messages are erased as above, except the order records we must keep.',
          'Network addresses used against abuse: kept only as a keyed fingerprint, for a day after the limit’s window ends; those recorded with a signed-in session: until that session ends (at most 7 days after its last use) or you sign out. Expired sessions are deleted every day.',
          'E-mails we send you: their text for 7 days after sending; the record of who was sent what and when for {enquiryMonths} months.',
        ],
        'A scheduled task applies these periods every day.',
      ],
    },
    {
      id: 'protection',
      title: '5. How we protect it',
      body: [
        'The website is served over an encrypted connection, passwords are stored only as hashes, and access to customer data is limited to staff who need it, with two-factor sign-in available for staff accounts.',
      ],
    },
    {
      id: 'withdrawal',
      title: '6. Withdrawing consent',
      body: [
        'You may withdraw your consent to our use of your personal data at any time by writing to our Data Protection Officer. We will act on your request within 10 working days and tell you what it means: for example, we cannot continue to quote for or service an order without a way to contact you. Withdrawing consent does not affect records we must keep by law.',
      ],
    },
    {
      id: 'access',
      title: '7. Access and correction',
      body: [
        'You may ask to see the personal data we hold about you and how it has been used or disclosed in the past year, and ask us to correct any error or to delete it. Signed-in customers can update their name and phone number, download all their data and delete their account on their Profile page at any time; if you wrote to us without an account, send your request to our Data Protection Officer from the e-mail address you used.',
        'We respond to access and correction requests within 30 days. If we need longer, we will tell you when to expect our answer. We may charge a reasonable fee for an access request, and will tell you the amount before we proceed.',
      ],
    },
    {
      id: 'dpo',
      title: '8. Data Protection Officer',
      body: [
        'Questions, requests and complaints about personal data go to our Data Protection Officer:',
        [
          'Data Protection Officer, {name}',
          'E-mail: {dpoEmail} (subject: “PDPA request”)',
          'Address: {address}',
        ],
        'If you are not satisfied with our answer, you may contact the Personal Data Protection Commission (www.pdpc.gov.sg).',
      ],
    },
  ],
};

/** The short notice shown beside forms that collect personal data, linking the full notice. */
export const formConsentNotice =
  'We use the details you give only to answer you, as described in our';
