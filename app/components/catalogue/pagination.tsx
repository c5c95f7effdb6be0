import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

/** Page numbers to show: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const list = [...wanted].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const n of list) {
    const last = out.at(-1);
    if (typeof last === 'number' && n - last > 1) out.push('gap');
    out.push(n);
  }
  return out;
}

const base =
  'inline-flex min-w-10 items-center justify-center gap-1 rounded-md px-3 py-2 text-sm font-medium';

/** Prev, numbered pages and Next; nothing at one page or fewer. */
export function Pagination({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link
          to={href(page - 1)}
          className={`${base} border border-slate-300 bg-white hover:bg-slate-50`}
        >
          <ChevronLeft aria-hidden className="size-4" /> Prev
        </Link>
      ) : null}
      {pageWindow(page, pages).map((n, i) =>
        n === 'gap' ? (
          <span key={`gap-${i}`} className="px-2 text-slate-500" aria-hidden>
            …
          </span>
        ) : (
          <Link
            key={n}
            to={href(n)}
            aria-label={`Page ${n}`}
            aria-current={n === page ? 'page' : undefined}
            className={`${base} ${n === page ? 'bg-brand-600 text-white' : 'border border-slate-300 bg-white hover:bg-slate-50'}`}
          >
            {n}
          </Link>
        ),
      )}
      {page < pages ? (
        <Link
          to={href(page + 1)}
          className={`${base} border border-slate-300 bg-white hover:bg-slate-50`}
        >
          Next <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
