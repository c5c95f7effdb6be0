import { plainPage } from '../request-state.server';

/**
 * `attachment` with the file's name: plain ASCII for old clients (anything else, quotes,
 * backslashes and `%`, which some decode, as `_`) and the exact name in UTF-8 for the rest
 * (RFC 6266's `filename*`, whose value RFC 8187 allows only letters, digits and
 * ``!#$&+-.^_`|~`` unescaped: `'()*` are escaped too, which encodeURIComponent leaves).
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/**
 * A private file (a quotation PDF, a buyer's attachment or purchase order) sent after its route's
 * access check: downloaded, never shown inline (an image or PDF from a buyer is opened by the
 * reader's own program, not as a page of this site), and kept by no cache: every route that sends
 * one is under a private or token address (/admin, /orders, /enquiries/<token>,
 * /quotations/<token>), which server/headers.ts answers with its one Cache-Control (`no-store`),
 * so none is set here (a second would be added to it). The browser does not guess its type
 * either: every response carries `X-Content-Type-Options: nosniff` (server/headers.ts).
 */
export function downloadResponse(file: {
  fileName: string;
  contentType: string;
  data: Buffer;
}): Response {
  return new Response(new Uint8Array(file.data), {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': attachmentDisposition(file.fileName),
      'Content-Length': String(file.data.length),
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}

/** A file that is not there (or not this visitor's): a page a browser shows, with the way back. */
export function fileNotFound(title: string, back: [href: string, label: string]): Response {
  const text = 'There is no file at this address: the link may be mistyped or out of date.';
  return new Response(plainPage(title, text, [back]), {
    status: 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
}
