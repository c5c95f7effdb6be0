import { data } from 'react-router';
import type { Route } from './+types/products.$productId.sheet';
import { applyCacheControl } from '~/services/cache-control.server';
import { catalogueVersion } from '~/services/catalogue/cache.server';
import { productSheet } from '~/services/catalogue/product-sheet.server';
import { getProduct } from '~/services/catalogue/products.server';
import { getUser } from '~/services/permissions.server';

/**
 * A product's one-page PDF sheet, for whoever may see its page: everyone for a product in the
 * shop, staff only for a draft or a hidden one (a 404 for others, as the page answers).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const id = /^[1-9]\d{0,8}$/.test(params.productId) ? Number(params.productId) : 0;
  const product = id > 0 ? await getProduct(id, { unlisted: true }) : null;
  if (!product) throw data('Product not found', { status: 404 });
  const listed = product.status === 'published';
  if (!listed && (await getUser(request))?.role !== 'admin')
    throw data('Product not found', { status: 404 });
  // The product's revision and the catalogue's version: a sheet changes with either.
  const etag = `"sheet-${product.id}-${product.revision}-${await catalogueVersion()}"`;
  const headers = new Headers({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="product-${product.id}.pdf"`,
    ETag: etag,
    'Cache-Control': listed ? 'public, max-age=300' : 'private, no-store',
  });
  applyCacheControl(request, headers);
  if (request.headers.get('if-none-match') === etag)
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(await productSheet(product)), { headers });
}
