import { redirect } from 'react-router';
import type { Route } from './+types/admin.enquiries.$id.quotation.preview';
import { formValues } from '~/lib/forms';
import { quotationFormSchema, readQuotationInput, MAX_EXTRA_LINES } from '~/lib/schemas/inbox';
import { failureOf, parseInput, readForm } from '~/services/forms.server';
import { getEnquiryCase } from '~/services/inbox/enquiries.server';
import { pdfResponse } from '~/services/inbox/pdf-response.server';
import { gstSetting, previewQuotation } from '~/services/inbox/quotations.server';
import { escapeHtml } from '~/services/mail/html.server';
import { requireAdmin } from '~/services/permissions.server';
import { plainPage } from '~/services/request-state.server';
import { idParam } from '~/lib/route-id';

/** The preview is posted from the editor; an address typed in goes to the editor. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw redirect(`/admin/enquiries/${idParam(params.id)}/quotation`);
}

/**
 * The quotation the editor's fields would send, as a PDF marked DRAFT (opened in a new tab by
 * the editor's Preview button, with or without JavaScript). Nothing is stored and no number is
 * used. Fields that cannot be priced get a page that lists them, with a 400.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  const editor = `/admin/enquiries/${id}/quotation`;
  const enquiry = await getEnquiryCase(id);
  if (!enquiry) return page(404, 'Enquiry not found', ['There is no enquiry at this address.']);
  try {
    const form = await readForm(request);
    const extras = Math.min(MAX_EXTRA_LINES, Math.max(0, Number(form.get('extras')) || 0));
    const itemIds = enquiry.items.map((i) => i.id);
    const schema = quotationFormSchema(itemIds, extras, gstSetting().basisPoints);
    const values = parseInput(schema, formValues(form));
    const { fileName, pdf } = await previewQuotation(
      admin,
      id,
      readQuotationInput(values, itemIds, extras),
    );
    return pdfResponse({ number: fileName.replace(/\.pdf$/, ''), pdf });
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    const names = new Map(enquiry.items.map((i) => [String(i.id), i.name]));
    const messages = failure.body.fields
      ? Object.entries(failure.body.fields).map(([field, m]) => `${fieldName(field, names)}: ${m}`)
      : [failure.body.error ?? 'Please check the form.'];
    return page(failure.status, 'The quotation cannot be previewed yet', messages, editor);
  }
}

/** A page a new tab shows instead of the PDF. */
function page(status: number, title: string, messages: string[], back = '/admin/enquiries') {
  const text = messages.map(escapeHtml).join('<br>');
  return new Response(plainPage(title, text, [[back, 'Back to the quotation']]), {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
}

const FIELD_NAMES: Record<string, string> = {
  attentionName: 'Attention to (name)',
  attentionOrganisation: 'Organisation',
  attentionAddress: 'Address',
  buyerReference: "Buyer's reference / PO",
  gebizReference: 'GeBIZ quotation no.',
  validityDays: 'Valid for (days)',
  terms: 'Terms',
  discount: 'Discount on the whole quotation',
  form: 'The quotation',
};
const LINE_FIELDS: Record<string, string> = {
  quantity: 'Qty',
  price: 'Unit price',
  note: 'Note',
  discount: 'Discount',
  description: 'Description',
};

/** A field as the editor labels it ('Unit price of Goal Net', 'Discount of extra line 2'). */
function fieldName(field: string, items: Map<string, string>): string {
  const extra = /^extra-(\d)-(\w+)$/.exec(field);
  if (extra) return `${LINE_FIELDS[extra[2]!] ?? extra[2]} of extra line ${Number(extra[1]) + 1}`;
  const line = /^(\w+)-(\d+)$/.exec(field);
  if (line) return `${LINE_FIELDS[line[1]!] ?? line[1]} of ${items.get(line[2]!) ?? 'an item'}`;
  return FIELD_NAMES[field] ?? field;
}
