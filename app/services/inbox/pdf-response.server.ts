import { plainPage } from '~/services/request-state.server';

/**
 * A stored quotation PDF as an HTTP response: opened in the browser, saved under its number. A
 * quotation is for its customer and staff only, and no cache may keep it: its routes are under
 * /admin and /orders, which server/headers.ts answers `Cache-Control: no-store`, so it sets none
 * of its own.
 */
export function pdfResponse(file: { number: string; pdf: Buffer }): Response {
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${file.number}.pdf"`,
      'Content-Length': String(file.pdf.length),
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}

/**
 * The answer for a quotation that is not there (or not this customer's): a 404 page a browser
 * shows, with the way back. The PDF's route is a resource route, which cannot render the app's
 * error page, and React Router would answer a thrown 404 there as JSON.
 */
export function quotationNotFound(back: [href: string, label: string]): Response {
  const text = 'There is no quotation at this address: the link may be mistyped or out of date.';
  return new Response(plainPage('Quotation not found', text, [back]), {
    status: 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
}
