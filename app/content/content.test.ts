import { describe, expect, it } from 'vitest';
import { demoProducts } from './demo-catalogue';
import { napfaItems } from './napfa';
import { projects } from './portfolio';

// The company pages' content against their fixed counts and the catalogue it points into.
describe('company page content', () => {
  it('lists eleven NAPFA items, each an existing NAPFA product of the demo catalogue', () => {
    expect(napfaItems).toHaveLength(11);
    expect(new Set(napfaItems.map((i) => i.productId)).size).toBe(11);
    for (const item of napfaItems) {
      const product = demoProducts.find((p) => p.id === item.productId);
      expect(product, item.name).toBeDefined();
      expect(product!.categoryIds, item.name).toContain(18); // NAPFA Equipment
    }
  });

  it('keeps product ids unique and contiguous, so new products never renumber old ones', () => {
    const ids = demoProducts.map((p) => p.id);
    expect(ids).toEqual(ids.map((_, i) => i + 1));
  });

  it('has three portfolio projects, each with pictures under unique keys', () => {
    expect(projects).toHaveLength(3);
    const keys = projects.flatMap((p) => p.pictures.map((x) => x.key));
    expect(new Set(keys).size).toBe(keys.length);
    for (const project of projects) expect(project.pictures.length).toBeGreaterThan(1);
  });
});
