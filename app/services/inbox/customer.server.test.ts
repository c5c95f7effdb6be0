import { afterAll, describe, expect, it } from 'vitest';
import { createEnquiry, createQuotation } from '../../../tests/factories';
import { db } from '../db/client.server';
import { enquiryEvents } from '../db/schema';
import { mailSettled } from '../mail/queue.server';
import { guestEnquiryActivity } from './customer.server';

afterAll(() => mailSettled());

describe("a guest link's conversation", () => {
  it('has the replies and quotations; masked, without the buyer’s own words, never the notes', async () => {
    const enquiry = await createEnquiry();
    const quotation = await createQuotation({ enquiryId: enquiry.id });
    await db()
      .insert(enquiryEvents)
      .values([
        { enquiryId: enquiry.id, kind: 'note', actorName: 'Staff Lim', body: 'Margin is thin' },
        {
          enquiryId: enquiry.id,
          kind: 'reply',
          actorName: 'Staff Lim',
          body: 'Dear buyer, see the quotation.',
        },
        {
          enquiryId: enquiry.id,
          kind: 'changes_requested',
          actorName: 'Mdm Tan',
          body: 'Please add nets.',
          quotationId: quotation.id,
        },
      ]);
    const row = { id: enquiry.id, createdAt: new Date('2026-01-01'), contactName: 'Mdm Tan' };

    const full = await guestEnquiryActivity(row, false);
    expect(full.quotations.map((q) => q.number)).toEqual([quotation.number]);
    const bodies = full.timeline.map((e) => e.body);
    expect(bodies).toContain('Dear buyer, see the quotation.');
    expect(bodies).toContain('Please add nets.');
    expect(bodies).not.toContain('Margin is thin');

    const masked = await guestEnquiryActivity(row, true);
    expect(masked.quotations).toHaveLength(1);
    const maskedBodies = masked.timeline.map((e) => e.body);
    expect(maskedBodies).toContain('Dear buyer, see the quotation.');
    expect(maskedBodies).not.toContain('Please add nets.');
    expect(masked.timeline.find((e) => e.kind === 'changes_requested')!.actorName).toBeNull();
  });
});
