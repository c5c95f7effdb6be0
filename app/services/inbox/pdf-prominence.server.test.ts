// The quotation PDF's type read with pdf.js (a file of its own: see tests/pdf/type.ts).
import { describe, it } from 'vitest';
import { quotationDocument as quotation } from '../../../tests/factories';
import { expectTotalMostProminent } from '../../../tests/pdf/type';
import { renderQuotationPdf } from './pdf.server';

describe('what the PDF makes prominent', () => {
  it('sets the total including GST at least as large as any other amount, and bold', async () => {
    await expectTotalMostProminent(await renderQuotationPdf(quotation()), 'S$2,434.35');
  });
});
