import { Link } from 'react-router';
import { PageHeader } from '~/components/layout/page-header';
import type { LegalDocument } from '~/content/legal';
import { fillSite, useSite } from './use-site';

const dateFormat = new Intl.DateTimeFormat('en-SG', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Singapore',
});

/**
 * Terms or privacy notice: a contents list, then numbered sections, with the company's details
 * filled in, and the page's own `values` (`{dpoEmail}` and the like) where the text names them.
 */
export function LegalDocumentPage({
  doc,
  values = {},
}: {
  doc: LegalDocument;
  values?: Record<string, string | number>;
}) {
  const site = useSite();
  const fill = (text: string) =>
    fillSite(text, site).replace(/\{(\w+)\}/g, (whole, key: string) =>
      key in values ? String(values[key]) : whole,
    );
  return (
    <>
      <PageHeader title={doc.title} subtitle={`${site.name} · UEN ${site.uen}`} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:py-14 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label="Contents" className="lg:sticky lg:top-32 lg:self-start">
          <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Contents</h2>
          <ol className="mt-3 space-y-2 text-sm">
            {doc.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-brand-700 hover:underline">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl rounded-xl border border-slate-200 bg-white p-6 leading-relaxed text-slate-700 shadow-sm sm:p-10">
          <p className="text-sm text-slate-600">
            Last updated{' '}
            <time dateTime={doc.updated}>{dateFormat.format(new Date(doc.updated))}</time>
          </p>
          <p className="mt-4 text-lg text-slate-800">{fill(doc.intro)}</p>
          {doc.sections.map((s) => (
            <section key={s.id} aria-labelledby={s.id} className="mt-8">
              <h2 id={s.id} className="text-xl font-bold text-slate-900">
                {s.title}
              </h2>
              {s.body.map((block, i) =>
                Array.isArray(block) ? (
                  <ul key={i} className="mt-3 list-disc space-y-1.5 pl-6">
                    {block.map((item) => (
                      <li key={item}>{fill(item)}</li>
                    ))}
                  </ul>
                ) : (
                  <p key={i} className="mt-3">
                    {fill(block)}
                  </p>
                ),
              )}
            </section>
          ))}
          <p className="mt-10 border-t border-slate-200 pt-6 text-sm">
            Questions?{' '}
            <Link
              to="/contact-us"
              className="font-medium text-brand-700 underline hover:no-underline"
            >
              Contact us
            </Link>{' '}
            or write to{' '}
            <a
              href={`mailto:${site.email}`}
              className="font-medium text-brand-700 underline hover:no-underline"
            >
              {site.email}
            </a>
            .
          </p>
        </article>
      </div>
    </>
  );
}
