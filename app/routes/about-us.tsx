import {
  ArrowRight,
  CalendarCheck,
  Dumbbell,
  Eye,
  Layers,
  PaintRoller,
  Ruler,
  Target,
  Wrench,
} from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/about-us';
import { CompanyDetails } from '~/components/company/company-details';
import { fillSite, useSite } from '~/components/company/use-site';
import { PageHeader } from '~/components/layout/page-header';
import * as about from '~/content/about';
import { seo } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'About Us',
    description:
      'Our mission, vision and company: a Singapore sports engineering company supplying equipment, sports flooring, court coating and line marking to schools, the national sports agency and clubs.',
    path: '/about-us',
    matches,
  });

// The words come with the page's data rather than in its script (they are read, not run): the
// page's first-load JS stays within its budget.
export function loader() {
  const { aboutIntro, commitments, description, mission, services, vision } = about;
  return { aboutIntro, commitments, description, mission, services, vision };
}

const serviceIcons = [Dumbbell, Layers, PaintRoller, Ruler, Wrench, CalendarCheck];

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  const { aboutIntro, commitments, description, mission, services, vision } = loaderData;
  const site = useSite();
  return (
    <>
      <PageHeader title="About Us" subtitle={aboutIntro} />

      <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <div className="grid gap-6 md:grid-cols-2">
          {[
            { section: mission, Icon: Target },
            { section: vision, Icon: Eye },
          ].map(({ section, Icon }) => (
            <section
              key={section.id}
              aria-labelledby={section.id}
              className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon aria-hidden className="size-6" />
              </span>
              <h2 id={section.id} className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
                {section.title}
              </h2>
              {section.paragraphs.map((p) => (
                <p key={p} className="mt-3 text-lg leading-relaxed text-slate-700">
                  {p}
                </p>
              ))}
            </section>
          ))}
        </div>

        <div className="mt-12 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-14">
          <section aria-labelledby={description.id}>
            <h2
              id={description.id}
              className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
            >
              {description.title}
            </h2>
            <div className="mt-4 max-w-3xl space-y-4 leading-relaxed text-slate-700">
              {description.paragraphs.map((p) => (
                <p key={p} className="text-lg text-slate-800">
                  {fillSite(p, site)}
                </p>
              ))}
              {description.topics.map((t) => (
                <div key={t.title}>
                  <h3 className="font-semibold text-slate-900">{t.title}</h3>
                  <p className="mt-1">{t.text}</p>
                </div>
              ))}
            </div>
          </section>
          <aside className="space-y-6">
            <CompanyDetails site={site} />
            <section
              aria-labelledby="commitments"
              className="on-dark rounded-xl bg-brand-900 p-6 text-white shadow-sm"
            >
              <h2 id="commitments" className="text-lg font-bold">
                What you can count on
              </h2>
              <ul className="mt-4 space-y-3 text-sm text-brand-50">
                {commitments.map((c) => (
                  <li key={c} className="flex gap-2">
                    <span
                      aria-hidden
                      className="mt-1.5 size-2 shrink-0 rounded-full bg-accent-500"
                    />
                    {c}
                  </li>
                ))}
              </ul>
              <Link
                to="/contact-us"
                className="mt-6 inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-50"
              >
                Talk to our team
                <ArrowRight aria-hidden className="size-4" />
              </Link>
            </section>
          </aside>
        </div>
      </div>

      {/* The last band meets the footer: no strip of the page between (the footer's margin). */}
      <section aria-labelledby="services" className="-mb-16 border-t border-slate-200 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
          <h2
            id="services"
            className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            What we do
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((s, i) => {
              const Icon = serviceIcons[i % serviceIcons.length]!;
              return (
                <li key={s.title} className="rounded-xl border border-slate-200 p-6">
                  <Icon aria-hidden className="size-6 text-accent-600" />
                  <h3 className="mt-3 font-bold text-slate-900">{s.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-700">{s.text}</p>
                </li>
              );
            })}
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/portfolio"
              className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
            >
              See our projects
              <ArrowRight aria-hidden className="size-4" />
            </Link>
            <Link
              to="/shop"
              className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
            >
              Browse the catalogue
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
