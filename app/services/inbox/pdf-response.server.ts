/** A stored quotation PDF as an HTTP response: opened in the browser, saved under its number. */
export function pdfResponse(file: { number: string; pdf: Buffer }): Response {
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${file.number}.pdf"`,
      'Content-Length': String(file.pdf.length),
      // Private: a quotation is for its customer and staff only, never a shared cache.
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}
