import { Link } from 'react-router';
import { Mail, MapPin, Phone } from 'lucide-react';
import type { SiteInfo } from '~/lib/site';

const links = [
  { to: '/about-us', label: 'About Us' },
  { to: '/contact-us', label: 'Services' },
  { to: '/portfolio', label: 'Portfolio' },
  { to: '/napfa', label: 'NAPFA Equipment' },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/terms', label: 'Terms and Conditions' },
  { to: '/privacy', label: 'Privacy Notice (PDPA)' },
];

/** `year` comes from the server (copyrightYear), the same in the HTML and after hydration. */
export function SiteFooter({ site, year }: { site: SiteInfo; year: number }) {
  return (
    <footer className="on-dark mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="mt-2 text-sm">
            Sports equipment, courts and flooring for schools, clubs and institutions in Singapore.
          </p>
          <p className="mt-2 text-xs text-slate-400">UEN {site.uen}</p>
        </div>
        <address className="space-y-3 text-sm not-italic">
          <p className="flex gap-2">
            <MapPin aria-hidden className="size-4 shrink-0 translate-y-0.5" />
            {site.address}
          </p>
          <p className="flex gap-2">
            <Mail aria-hidden className="size-4 shrink-0 translate-y-0.5" />
            <a href={`mailto:${site.email}`} className="hover:text-white">
              {site.email}
            </a>
          </p>
          <p className="flex gap-2">
            <Phone aria-hidden className="size-4 shrink-0 translate-y-0.5" />
            <a href={`tel:${site.phone.replace(/\s+/g, '')}`} className="hover:text-white">
              {site.phone}
            </a>
          </p>
          {site.social.length ? (
            <ul className="flex gap-4" aria-label="Social media">
              {site.social.map((s) => (
                <li key={s.label}>
                  <a href={s.href} rel="noopener noreferrer" className="hover:text-white">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </address>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {links.map((l) => (
              <li key={l.label}>
                <Link to={l.to} className="hover:text-white">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {year} {site.name}. All rights reserved.
      </p>
    </footer>
  );
}
