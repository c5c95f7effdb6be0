import { describe, expect, it } from 'vitest';
import { quotationState, revisionStatus } from './quotation-state';

const validUntil = new Date('2026-12-05T15:59:59.999Z'); // 5 Dec 2026, 23:59:59.999 in Singapore
const before = new Date('2026-12-05T15:59:59.000Z');
const after = new Date('2026-12-05T16:00:00.000Z'); // 6 Dec 2026, 00:00 in Singapore

describe('quotationState', () => {
  it('a sent revision is open until the end of its last valid day, then expired', () => {
    expect(quotationState('sent', validUntil, before)).toEqual({
      state: 'open',
      canRespond: true,
      canAccept: true,
      canDecline: true,
      canRequestChanges: true,
    });
    expect(quotationState('sent', validUntil, validUntil).state).toBe('open');
    expect(quotationState('sent', validUntil, after)).toEqual({
      state: 'expired',
      canRespond: false,
      canAccept: false,
      canDecline: false,
      canRequestChanges: false,
    });
  });

  it('a revision with changes asked for can still be answered until it expires', () => {
    expect(quotationState('changes_requested', validUntil, before)).toMatchObject({
      state: 'changes_requested',
      canAccept: true,
      canRequestChanges: true,
    });
    expect(quotationState('changes_requested', validUntil, after)).toMatchObject({
      state: 'expired',
      canAccept: false,
    });
  });

  it('accepted, declined and superseded are final, before and after the date', () => {
    for (const status of ['accepted', 'declined', 'superseded'] as const) {
      for (const now of [before, after]) {
        expect(quotationState(status, validUntil, now)).toEqual({
          state: status,
          canRespond: false,
          canAccept: false,
          canDecline: false,
          canRequestChanges: false,
        });
      }
    }
  });

  it('reads a date sent as a string (loader data) as the same instant', () => {
    expect(quotationState('sent', validUntil.toISOString(), after).state).toBe('expired');
    expect(quotationState('sent', validUntil.toISOString(), before).state).toBe('open');
  });
});

describe('revisionStatus', () => {
  it('an open revision followed by a newer one is superseded; answered ones keep their answer', () => {
    expect(revisionStatus('sent', false)).toBe('superseded');
    expect(revisionStatus('changes_requested', false)).toBe('superseded');
    expect(revisionStatus('accepted', false)).toBe('accepted');
    expect(revisionStatus('declined', false)).toBe('declined');
    expect(revisionStatus('sent', true)).toBe('sent');
    expect(revisionStatus('changes_requested', true)).toBe('changes_requested');
  });
});
