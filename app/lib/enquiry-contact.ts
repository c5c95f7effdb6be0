/** What a buyer gave with an enquiry besides the message, as labelled rows (the empty left out). */
export function contactRows(enquiry: {
  contact: { name: string; email?: string | null; phone?: string | null };
  organisation?: string | null;
  poReference?: string | null;
  promoCode?: string | null;
  address?: string | null;
}): [string, string][] {
  const rows: [string, string | null | undefined][] = [
    ['Name', enquiry.contact.name],
    ['E-mail', enquiry.contact.email],
    ['Phone', enquiry.contact.phone],
    ['Organisation', enquiry.organisation],
    ['PO / GeBIZ reference', enquiry.poReference],
    ['Delivery / site address', enquiry.address?.replace(/\n/g, ', ')],
    ['Promo code', enquiry.promoCode],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}
