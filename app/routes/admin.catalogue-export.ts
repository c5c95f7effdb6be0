import { Readable } from 'node:stream';
import type { Route } from './+types/admin.catalogue-export';
import { parseListState } from '~/components/admin/products/list-state';
import {
  catalogueRows,
  csvStream,
  imagesZipStream,
  xlsxStream,
  type ExportFilter,
} from '~/services/catalogue/spreadsheet/export.server';
import { refusePosts, requireAdmin } from '~/services/permissions.server';

const TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
} as const;

/**
 * The catalogue as `/admin/catalogue.csv`, `/admin/catalogue.xlsx` or its images as
 * `/admin/catalogue-images.zip`: every product outside the trash, or the product list's filter
 * when its URL parameters come along (the trash tab exports nothing: a deleted product is not
 * part of the catalogue). Streamed, so a large catalogue starts downloading at once.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const state = parseListState(url);
  const filter: ExportFilter = {
    status: state.status === 'trashed' ? 'any' : state.status,
    sportId: state.sport,
    categoryId: state.category,
    q: state.q || undefined,
    withoutImages: state.noImages,
  };
  const kind = url.pathname.endsWith('.zip')
    ? 'zip'
    : url.pathname.endsWith('.xlsx')
      ? 'xlsx'
      : 'csv';
  const body =
    kind === 'zip'
      ? imagesZipStream(filter)
      : kind === 'xlsx'
        ? xlsxStream(catalogueRows(filter))
        : csvStream(catalogueRows(filter));
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const name = kind === 'zip' ? `catalogue-images-${day}.zip` : `catalogue-${day}.${kind}`;
  return new Response(Readable.toWeb(body) as ReadableStream, {
    headers: {
      'Content-Type': TYPES[kind],
      'Content-Disposition': `attachment; filename="${name}"`,
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}

/** Posts here are answered after the guard (permissions.server's refusePosts). */
export async function action({ request }: Route.ActionArgs) {
  return refusePosts(request);
}
