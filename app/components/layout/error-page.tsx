import { useRouteLoaderData } from 'react-router';
import { errorText } from '~/lib/error-text';
import { DEFAULT_SITE_NAME } from '~/lib/meta';

/** The shop's error page (in the shop's frame): what happened and the way back to the catalogue. */
export function ErrorPage({ error }: { error: unknown }) {
  // Missing when the root loader itself failed.
  const siteName =
    useRouteLoaderData<{ site: { name: string } }>('root')?.site.name ?? DEFAULT_SITE_NAME;
  const { title, detail, stack } = errorText(error);
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>{`${title} | ${siteName}`}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-600">{detail}</p>
      <a
        href="/shop"
        className="mt-8 inline-block rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
      >
        Browse the catalogue
      </a>
      {stack ? <pre className="mt-8 overflow-auto text-left text-xs">{stack}</pre> : null}
    </div>
  );
}
