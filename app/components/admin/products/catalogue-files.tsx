import { Download, Upload } from 'lucide-react';
import { Link } from 'react-router';
import type { ListState } from './list-state';

/** The list's filter as the export's query string (the same parameters the list's URL uses). */
export function exportFilter(state: ListState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.sport) params.set('sport', String(state.sport));
  if (state.category) params.set('category', String(state.category));
  if (state.noImages) params.set('images', 'none');
  if (state.status !== 'any' && state.status !== 'trashed') params.set('status', state.status);
  const query = params.toString();
  return query ? `?${query}` : '';
}

const button =
  'inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';

/**
 * Download the products the list shows (all of them, or its filter) as CSV or Excel, or their
 * images as a ZIP; or go to the import. Plain links: a download needs no script.
 */
export function CatalogueFileLinks({ filter }: { filter: string }) {
  const what = filter ? 'the products in this list' : 'every product';
  return (
    <>
      <details className="relative">
        <summary className={`${button} cursor-pointer list-none`}>
          <Download aria-hidden className="size-4" /> Export
        </summary>
        <ul className="absolute right-0 z-10 mt-1 w-64 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg">
          <li>
            <a
              href={`/admin/catalogue.csv${filter}`}
              download
              className="block rounded px-3 py-2 hover:bg-slate-100"
            >
              Spreadsheet (CSV) of {what}
            </a>
          </li>
          <li>
            <a
              href={`/admin/catalogue.xlsx${filter}`}
              download
              className="block rounded px-3 py-2 hover:bg-slate-100"
            >
              Spreadsheet (Excel) of {what}
            </a>
          </li>
          <li>
            <a
              href={`/admin/catalogue-images.zip${filter}`}
              download
              className="block rounded px-3 py-2 hover:bg-slate-100"
            >
              Images (ZIP) of {what}
            </a>
          </li>
        </ul>
      </details>
      <Link to="/admin/import" className={button}>
        <Upload aria-hidden className="size-4" /> Import
      </Link>
    </>
  );
}
