import { describe, expect, it } from 'vitest';
import { nameField } from './account';
import { ContactFormSchema } from './contact';
import { GuestContactSchema } from './enquiry';

// A line break would forge a line in the staff mail's text ('Name: A' then 'Bcc: …'), a control
// character travels into the CSV, and a right-to-left override shows 'fdp.exe' as 'exe.pdf'.
const forged = 'Tan\r\nBcc: evil@example.com\u202Efdp.exe\u0007\u001b[31m';
const seen = 'Tan Bcc: evil@example.comfdp.exe[31m';

describe("people's names and organisations", () => {
  it('are stored as one line without control or direction characters', () => {
    expect(nameField.parse(forged)).toBe(seen);
    const contact = ContactFormSchema.parse({
      name: forged,
      email: 'tan@school.example',
      phone: '+65 6123 4567',
      message: 'Line one\nline two stay two lines.',
    });
    expect(contact.name).toBe(seen);
    expect(contact.message).toBe('Line one\nline two stay two lines.');
    const guest = GuestContactSchema.parse({ name: forged, email: 'tan@school.example' });
    expect(guest.name).toBe(seen);
  });

  it('keep the joiners Tamil and emoji need, and a name of only invisible characters is none', () => {
    expect(nameField.parse(' க்ஷ\u200dமா ')).toBe('க்ஷ\u200dமா');
    expect(nameField.safeParse('\u200b\u202e ').success).toBe(false);
  });
});
