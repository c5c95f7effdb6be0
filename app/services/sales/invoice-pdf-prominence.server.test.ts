// The tax invoice's and credit note's type read with pdf.js (a file of its own: see
// tests/pdf/type.ts).
import { describe, it } from 'vitest';
import { invoiceDocument as invoice } from '../../../tests/factories';
import { expectTotalMostProminent } from '../../../tests/pdf/type';
import { renderInvoicePdf } from './invoice-pdf.server';

describe('what the invoice makes prominent', () => {
  it('sets the total including GST at least as large as any other amount, and bold', async () => {
    await expectTotalMostProminent(await renderInvoicePdf(invoice()), 'S$2,943.05');
    const note = invoice({
      kind: 'credit_note',
      number: 'CN-2040-00001',
      credits: { number: 'INV-2040-00001', date: '9 Mar 2040', reason: 'Returned.' },
    });
    await expectTotalMostProminent(await renderInvoicePdf(note), 'S$2,943.05');
  });
});
