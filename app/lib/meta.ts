import type { MetaDescriptor } from 'react-router';

/** Standard title for a page. */
export function pageTitle(title: string): string {
  return `${title} | Fieldhouse Sports Engineering`;
}

interface MatchLike {
  id: string;
  data?: unknown;
}

/** The site's public origin, from the root loader (PUBLIC_URL). */
export function originOf(matches: readonly (MatchLike | undefined)[]): string {
  const root = matches.find((m) => m?.id === 'root')?.data as { origin?: string } | undefined;
  return root?.origin ?? '';
}

/**
 * Title, description, canonical URL and Open Graph tags for a public page. `path` is the
 * canonical path (without the origin).
 */
export function seo({
  title,
  description,
  path,
  matches,
  image,
  type = 'website',
}: {
  title: string;
  description: string;
  path: string;
  matches: readonly (MatchLike | undefined)[];
  image?: string | null;
  type?: 'website' | 'product';
}): MetaDescriptor[] {
  const origin = originOf(matches);
  const url = `${origin}${path}`;
  const full = pageTitle(title);
  const tags: MetaDescriptor[] = [
    { title: full },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: 'Fieldhouse Sports Engineering' },
    { property: 'og:type', content: type },
    { property: 'og:title', content: full },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
  if (image)
    tags.push({ property: 'og:image', content: image.startsWith('/') ? origin + image : image });
  return tags;
}
