/** What a buyer gave with an enquiry besides the message, as labelled rows (the empty left out). */
export function contactRows(enquiry: {
  contact: { name: string; email?: string | null; phone?: string | null };
  organisation?: string | null;
  poReference?: string | null;
  promoCode?: string | null;
}): [string, string][] {
  const rows: [string, string | null | undefined][] = [
    ['Name', enquiry.contact.name],
    ['E-mail', enquiry.contact.email],
    ['Phone', enquiry.contact.phone],
    ['Organisation', enquiry.organisation],
    ['PO / GeBIZ reference', enquiry.poReference],
    ['Promo code', enquiry.promoCode],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}
