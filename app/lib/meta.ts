import type { MetaDescriptor } from 'react-router';

interface MatchLike {
  id: string;
  data?: unknown;
}

/**
 * The company's name when the root loader's data is missing (an error before it ran). Keep in
 * step with SITE_NAME's default in app/services/env.server.ts.
 */
export const DEFAULT_SITE_NAME = 'Fieldhouse Sports Engineering';

/** The company's name from the root loader (SITE_NAME). */
export function siteNameOf(matches: readonly (MatchLike | undefined)[] = []): string {
  const root = matches.find((m) => m?.id === 'root')?.data as
    { site?: { name?: string } } | undefined;
  return root?.site?.name ?? DEFAULT_SITE_NAME;
}

/**
 * Standard title for a page: `title | SITE_NAME`. Pass the meta function's `matches` so the
 * configured name is used; without them the default name stands in.
 */
export function pageTitle(title: string, matches?: readonly (MatchLike | undefined)[]): string {
  return `${title} | ${siteNameOf(matches)}`;
}

/** The site's public origin, from the root loader (PUBLIC_URL). */
export function originOf(matches: readonly (MatchLike | undefined)[]): string {
  const root = matches.find((m) => m?.id === 'root')?.data as { origin?: string } | undefined;
  return root?.origin ?? '';
}

/**
 * Title, description, canonical URL, Open Graph and Twitter card tags for a public page. `path`
 * is the canonical path (without the origin). With an `image`, the card is a large picture, and
 * `imageAlt` says what it shows to those who cannot see it.
 */
export function seo({
  title,
  description,
  path,
  matches,
  image,
  imageAlt,
  type = 'website',
}: {
  title: string;
  description: string;
  path: string;
  matches: readonly (MatchLike | undefined)[];
  image?: string | null;
  imageAlt?: string;
  type?: 'website' | 'product';
}): MetaDescriptor[] {
  const origin = originOf(matches);
  const url = `${origin}${path}`;
  const full = pageTitle(title, matches);
  const tags: MetaDescriptor[] = [
    { title: full },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: siteNameOf(matches) },
    { property: 'og:type', content: type },
    { property: 'og:title', content: full },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
  if (image) {
    const src = image.startsWith('/') ? origin + image : image;
    tags.push({ property: 'og:image', content: src }, { name: 'twitter:image', content: src });
    if (imageAlt)
      tags.push(
        { property: 'og:image:alt', content: imageAlt },
        { name: 'twitter:image:alt', content: imageAlt },
      );
  }
  return tags;
}
