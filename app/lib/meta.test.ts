import { describe, expect, it } from 'vitest';
import { seo } from './meta';

const matches = [
  { id: 'root', data: { site: { name: 'Fieldhouse' }, origin: 'https://shop.example' } },
];
const page = { title: 'Goalposts', description: 'Two goals.', path: '/products/3', matches };
const content = (tags: ReturnType<typeof seo>, key: string) =>
  tags
    .filter((t) => ('property' in t && t.property === key) || ('name' in t && t.name === key))
    .map((t) => ('content' in t ? t.content : undefined));

describe('seo', () => {
  it('gives a page with a picture a large card, the picture at its full address, and its alt', () => {
    const tags = seo({ ...page, image: '/media/products/goal.jpg', imageAlt: 'Goalposts' });
    expect(content(tags, 'twitter:card')).toEqual(['summary_large_image']);
    expect(content(tags, 'og:image')).toEqual(['https://shop.example/media/products/goal.jpg']);
    expect(content(tags, 'twitter:image')).toEqual([
      'https://shop.example/media/products/goal.jpg',
    ]);
    expect(content(tags, 'og:image:alt')).toEqual(['Goalposts']);
    expect(content(tags, 'twitter:image:alt')).toEqual(['Goalposts']);
  });

  it('gives a page without a picture a small card and no picture tags', () => {
    const tags = seo({ ...page, image: null, imageAlt: 'Goalposts' });
    expect(content(tags, 'twitter:card')).toEqual(['summary']);
    for (const key of ['og:image', 'twitter:image', 'og:image:alt', 'twitter:image:alt'])
      expect(content(tags, key)).toEqual([]);
  });
});
