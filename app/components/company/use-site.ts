import { useRouteLoaderData } from 'react-router';
import type { SiteInfo } from '~/lib/site';
import type { loader as rootLoader } from '~/root';

/** The company details the root loader sends (SITE_* settings). */
export function useSite(): SiteInfo {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  if (!root) throw new Error('useSite outside the root layout');
  return root.site;
}

/** Fills `{name}`, `{email}`, `{address}`, `{uen}` and `{phone}` in a content string. */
export function fillSite(text: string, site: SiteInfo): string {
  return text.replace(/\{(name|email|address|uen|phone)\}/g, (_, key: keyof SiteInfo) =>
    String(site[key]),
  );
}
