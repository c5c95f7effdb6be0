/**
 * A numeric id from a URL segment, or 0 (which no row has) when the segment is not one: the
 * route then answers its usual 404 instead of a database error for `abc` or a number past int4.
 */
export function idParam(param: string | undefined): number {
  return param !== undefined && /^\d{1,9}$/.test(param) ? Number(param) : 0;
}
