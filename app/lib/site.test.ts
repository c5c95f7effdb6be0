import { describe, expect, it } from 'vitest';
import { enquiryMails } from '~/services/enquiries/mails.server';
import { copyrightYear, singaporeTime } from './site';

describe('copyrightYear', () => {
  it("is Singapore's year, which turns eight hours before UTC's", () => {
    expect(copyrightYear(new Date('2026-12-31T15:30:00Z'))).toBe(2026);
    expect(copyrightYear(new Date('2026-12-31T16:30:00Z'))).toBe(2027);
  });
});

describe('singaporeTime', () => {
  it("gives Singapore's day and hour, and the staff mail of an enquiry uses it", () => {
    const at = new Date('2026-03-01T17:30:00Z');
    expect(singaporeTime(at)).toMatch(/^2 Mar 2026, 1:30\s?am$/);
    const [staff, ack] = enquiryMails({
      reference: 'FH-2026-ABC123',
      createdAt: at,
      contact: { name: 'Tan', email: 'tan@school.example' },
      message: 'Two goals',
      items: [{ productId: 1, name: 'Goal', quantity: 2 }],
      publicUrl: 'https://shop.example',
      confirmationUrl: 'https://shop.example/orders/7',
      adminUrl: 'https://shop.example/admin/enquiries/7',
      guest: false,
      companyEmail: 'sales@shop.example',
      siteName: 'Shop',
      acknowledge: true,
    });
    expect(staff!.text).toContain(`arrived on ${singaporeTime(at)} (Singapore time)`);
    expect(staff!.text).not.toContain('2026-03-01T17:30');
    expect(staff!.html).toContain(`arrived on ${singaporeTime(at)} (Singapore time)`);
    // A customer's page needs their sign-in: no "keep this link to yourself" for it.
    expect(ack!.text).toContain(
      'under My Enquiries, once signed in): https://shop.example/orders/7',
    );
    expect(ack!.text).not.toContain('keep this link');
    expect(ack!.replyTo).toBe('sales@shop.example');
  });
});
