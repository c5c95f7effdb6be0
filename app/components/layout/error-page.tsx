import { useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { errorText } from '~/lib/error-text';
import { DEFAULT_SITE_NAME } from '~/lib/meta';
import { useRequestId } from '~/lib/request-id';

/** The shop's error page (in the shop's frame): what happened and the way back to the catalogue. */
export function ErrorPage({ error }: { error: unknown }) {
  // Missing when the root loader itself failed.
  const siteName =
    useRouteLoaderData<{ site: { name: string } }>('root')?.site.name ?? DEFAULT_SITE_NAME;
  const { title, detail, stack } = errorText(error);
  // The server's request id, for the buyer to quote. The browser has none (it renders an empty
  // line and keeps the server's text when it takes the page over); a later error on the same page
  // is the browser's own and gets a fresh, empty line.
  const reference = useRequestId();
  const [first] = useState(error);
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
      <p
        key={error === first ? 0 : 1}
        className="mt-8 text-sm text-slate-500"
        suppressHydrationWarning
      >
        {reference ? `Reference: ${reference}` : ''}
      </p>
      {stack ? <pre className="mt-8 overflow-auto text-left text-xs">{stack}</pre> : null}
    </div>
  );
}
