import { describe, expect, it } from 'vitest';
import { validate } from '~/lib/forms';
import { isCalendarDay } from '~/lib/orders';
import { CreditNoteSchema, OrderStatusSchema, readOrderFilter } from './orders';

describe('order forms', () => {
  it('need a real day to schedule, and only for scheduling', () => {
    expect(validate(OrderStatusSchema, { status: 'scheduled', from: 'confirmed' })).toEqual({
      scheduledFor: 'Choose the day of delivery or installation.',
    });
    expect(
      validate(OrderStatusSchema, {
        status: 'scheduled',
        from: 'confirmed',
        scheduledFor: '2027-02-29',
      }),
    ).toEqual({ scheduledFor: 'Choose the day of delivery or installation.' });
    expect(
      validate(OrderStatusSchema, {
        status: 'scheduled',
        from: 'confirmed',
        scheduledFor: '2028-02-29',
      }),
    ).toBeNull();
    expect(validate(OrderStatusSchema, { status: 'delivered', from: 'scheduled' })).toBeNull();
    // Invoiced is reached by issuing the invoice, never chosen.
    expect(validate(OrderStatusSchema, { status: 'invoiced', from: 'delivered' })).toHaveProperty(
      'status',
    );
    expect(isCalendarDay('2026-3-9')).toBe(false);
  });

  it('credit an amount above zero, or all that is left when it is empty', () => {
    const base = { invoiceId: '7', reason: 'Returned.' };
    expect(validate(CreditNoteSchema, base)).toBeNull();
    expect(validate(CreditNoteSchema, { ...base, amount: '' })).toBeNull();
    expect(validate(CreditNoteSchema, { ...base, amount: '45.50' })).toBeNull();
    for (const amount of ['0', '-5', '1.234', 'ten'])
      expect(validate(CreditNoteSchema, { ...base, amount }), amount).toEqual({
        amount: 'Enter an amount in dollars, such as 120 or 45.50, or leave it empty.',
      });
    expect(validate(CreditNoteSchema, { ...base, reason: '  ' })).toEqual({
      reason: 'Say why the credit note is issued (e.g. one net was returned).',
    });
  });

  it('read the list filter from the address, ignoring what is not one', () => {
    expect(readOrderFilter(new URLSearchParams('status=paid&page=3'))).toEqual({
      status: 'paid',
      page: 3,
    });
    expect(readOrderFilter(new URLSearchParams('status=lost&page=-1'))).toEqual({
      status: undefined,
      page: 1,
    });
  });
});
