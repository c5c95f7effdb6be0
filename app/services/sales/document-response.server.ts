import { plainPage } from '~/services/request-state.server';

/**
 * A stored invoice or credit note as a download: saved under its number, never shown inline, and
 * never kept by any cache (it names the customer and what they bought). Its routes are under
 * /admin, /orders and a guest's /enquiries link, which server/headers.ts answers with the one
 * Cache-Control that keeps them out of caches (a second here would be sent twice), and with
 * `nosniff` as every response of the server.
 */
export function documentResponse(file: { number: string; pdf: Buffer }): Response {
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${file.number}.pdf"`,
      'Content-Length': String(file.pdf.length),
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}

/**
 * The answer for a document that is not there, or not this reader's: a 404 page a browser shows,
 * with the way back (a resource route cannot render the app's error page).
 */
export function documentNotFound(back: [href: string, label: string]): Response {
  const text =
    'There is no invoice or credit note at this address: the link may be mistyped or out of date.';
  return new Response(plainPage('Document not found', text, [back]), {
    status: 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
}
