import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/portfolio';
import { ProjectCarousel } from '~/components/company/project-carousel';
import { PageHeader } from '~/components/layout/page-header';
import { portfolioSubtitle, portfolioTitle, projects } from '~/content/portfolio';
import { seo } from '~/lib/meta';
import { companyPictures } from '~/services/media/company-images.server';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Portfolio',
    description:
      'Our projects: football goalposts for school fields, basketball hoops for halls and open courts, and acrylic court coating for schools, the sports council and clubs in Singapore.',
    path: '/portfolio',
    matches,
  });

export async function loader() {
  const pictures = await companyPictures();
  return {
    projects: projects.map(({ pictures: list, ...project }) => ({
      ...project,
      pictures: list.map((p) => ({
        key: p.key,
        caption: p.caption,
        image: pictures.get(p.key) ?? null,
      })),
    })),
  };
}

export default function Portfolio({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={portfolioTitle} subtitle={portfolioSubtitle} />
      <div className="mx-auto max-w-7xl space-y-16 px-4 py-12 sm:space-y-20 sm:py-16">
        {loaderData.projects.map((project, i) => (
          <article
            key={project.id}
            aria-labelledby={`project-${project.id}`}
            className="grid items-start gap-8 lg:grid-cols-2 lg:gap-12"
          >
            <div className={i % 2 ? 'lg:order-2' : undefined}>
              <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">
                {project.client}
              </p>
              <h2
                id={`project-${project.id}`}
                className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
              >
                {project.title}
              </h2>
              {project.paragraphs.map((p) => (
                <p key={p} className="mt-4 leading-relaxed text-slate-700">
                  {p}
                </p>
              ))}
              <ul className="mt-6 space-y-2" aria-label="What we delivered">
                {project.scope.map((s) => (
                  <li key={s} className="flex gap-2 text-slate-800">
                    <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
                    {s}
                  </li>
                ))}
              </ul>
            </div>
            <ProjectCarousel label={`Pictures: ${project.title}`} pictures={project.pictures} />
          </article>
        ))}
        <aside className="on-dark rounded-xl bg-brand-900 px-6 py-10 text-center text-white sm:px-12">
          <h2 className="text-2xl font-bold">Planning a field, a hall or a court?</h2>
          <p className="mx-auto mt-3 max-w-2xl text-brand-50">
            Tell us about your site. We visit, measure and send a written proposal, usually within a
            week of the visit.
          </p>
          <Link
            to="/contact-us"
            className="mt-6 inline-flex items-center gap-2 rounded-md bg-accent-600 px-5 py-3 font-semibold text-white hover:bg-accent-700"
          >
            Contact us
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </aside>
      </div>
    </>
  );
}
