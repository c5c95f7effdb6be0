import { Building2, Mail, MapPin, Phone } from 'lucide-react';
import type { SiteInfo } from '~/lib/site';

/** The company's registered details from the SITE_* settings, as a card. */
export function CompanyDetails({
  site,
  title = 'Company details',
}: {
  site: SiteInfo;
  title?: string;
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
      </dl>
    </section>
  );
}
