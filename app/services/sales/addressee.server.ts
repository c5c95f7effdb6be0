/** What a quotation row and its enquiry say about whom the quotation is addressed to. */
export interface AddresseeFields {
  attentionName: string | null;
  attentionOrganisation: string | null;
  attentionAddress: string | null;
  contactName: string;
  organisation: string | null;
  address: string | null;
}

/**
 * Whom a quotation (and the invoice made from it) is addressed to: its Attention to as sent, or,
 * for a quotation sent before Attention to was kept, the enquiry's contact.
 */
export function addresseeOf(q: AddresseeFields) {
  return q.attentionName === null
    ? { name: q.contactName, organisation: q.organisation, address: q.address }
    : { name: q.attentionName, organisation: q.attentionOrganisation, address: q.attentionAddress };
}
