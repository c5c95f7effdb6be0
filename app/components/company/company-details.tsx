import { Building2, Mail, MapPin, Phone, Share2 } from 'lucide-react';
import type { SiteInfo } from '~/lib/site';

/**
 * The company's registered details from the SITE_* settings (name and UEN, address, e-mail, phone,
 * social links), as a card; `children` go underneath (the contact page's opening hours).
 */
export function CompanyDetails({
  site,
  title = 'Company details',
  children,
}: {
  site: SiteInfo;
  title?: string;
  children?: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby="company-details"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="company-details" className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <dl className="mt-4 space-y-4 text-sm">
        <div className="flex gap-3">
          <dt>
            <Building2 aria-hidden className="size-5 text-brand-600" />
            <span className="sr-only">Company</span>
          </dt>
          <dd className="text-slate-800">
            <span className="font-semibold">{site.name}</span>
            <br />
            UEN {site.uen}
          </dd>
        </div>
        <div className="flex gap-3">
          <dt>
            <MapPin aria-hidden className="size-5 text-brand-600" />
            <span className="sr-only">Address</span>
          </dt>
          <dd className="text-slate-800">{site.address}</dd>
        </div>
        <div className="flex gap-3">
          <dt>
            <Mail aria-hidden className="size-5 text-brand-600" />
            <span className="sr-only">E-mail</span>
          </dt>
          <dd>
            <a href={`mailto:${site.email}`} className="font-medium text-brand-700 hover:underline">
              {site.email}
            </a>
          </dd>
        </div>
        <div className="flex gap-3">
          <dt>
            <Phone aria-hidden className="size-5 text-brand-600" />
            <span className="sr-only">Phone</span>
          </dt>
          <dd>
            <a
              href={`tel:${site.phone.replace(/\s+/g, '')}`}
              className="font-medium text-brand-700 hover:underline"
            >
              {site.phone}
            </a>
          </dd>
        </div>
        {site.social.length ? (
          <div className="flex gap-3">
            <dt>
              <Share2 aria-hidden className="size-5 text-brand-600" />
              <span className="sr-only">Social media</span>
            </dt>
            <dd>
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                {site.social.map((s) => (
                  <li key={s.label}>
                    <a
                      href={s.href}
                      rel="noopener noreferrer"
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {s.label}
                    </a>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
      {children}
    </section>
  );
}
