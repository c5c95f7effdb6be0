import { describe, expect, it } from 'vitest';
import { validate } from '../forms';
import {
  AcceptQuotationSchema,
  declineMessage,
  DeclineQuotationSchema,
  poFileProblem,
  RequestChangesSchema,
} from './quotation-response';

describe('the answer forms', () => {
  it('an acceptance needs a visible name and a designation; the PO number is optional', () => {
    expect(validate(AcceptQuotationSchema, { name: ' \u200b ', designation: '' })).toEqual({
      name: 'Enter the name of the person accepting.',
      designation: 'Enter their designation, such as Head of Department (PE).',
    });
    expect(
      AcceptQuotationSchema.parse({ name: '  Tan   Ah Kow ', designation: 'HOD', poNumber: '' }),
    ).toEqual({ name: 'Tan Ah Kow', designation: 'HOD', poNumber: '' });
  });

  it('a decline takes a reason from the list, none, or words; anything else is refused', () => {
    expect(validate(DeclineQuotationSchema, { reason: 'Cheaper elsewhere' })).toEqual({
      reason: 'Choose a reason from the list.',
    });
    expect(validate(DeclineQuotationSchema, { reason: '' })).toBeNull();
    expect(declineMessage({ reason: 'Price', details: ' Too much. ' })).toBe('Price: Too much.');
    expect(declineMessage({ reason: 'Other', details: 'Merger.' })).toBe('Merger.');
    expect(declineMessage({ reason: 'Timing' })).toBe('Timing');
    expect(declineMessage({ reason: '' })).toBeNull();
  });

  it('a change request needs words; a NUL character (no text column holds one) is dropped', () => {
    expect(validate(RequestChangesSchema, { message: '  ' })).toEqual({
      message: 'Tell us what you would like changed.',
    });
    expect(RequestChangesSchema.parse({ message: 'Blue\u0000 nets' }).message).toBe('Blue nets');
    expect(DeclineQuotationSchema.parse({ details: 'a\u0000b' }).details).toBe('ab');
  });

  it("the browser's check of a PO file: its size, and a name or type of the three kinds", () => {
    const file = (name: string, type: string, size = 1000) => ({ name, type, size });
    expect(poFileProblem(file('po.PDF', ''))).toBeNull();
    expect(poFileProblem(file('scan', 'image/jpeg'))).toBeNull();
    expect(poFileProblem(file('po.docx', 'application/msword'))).toBe(
      'The purchase order must be a PDF, JPEG or PNG file.',
    );
    expect(poFileProblem(file('po.pdf', 'application/pdf', 10 * 1024 * 1024 + 1))).toBe(
      'The purchase order file must be 10 MB or smaller.',
    );
  });
});
