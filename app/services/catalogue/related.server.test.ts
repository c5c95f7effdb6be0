import { describe, expect, it } from 'vitest';
import { createCategory, createProduct, createSport } from '../../../tests/factories';
import { catalogueChanged } from './cache.server';
import { getProduct } from './products.server';
import { RELATED_COUNT, relatedProducts } from './related.server';

describe('related products', () => {
  it('are listed products of the same sport and category first, never the product itself', async () => {
    const football = await createSport({ name: 'Football related' });
    const netball = await createSport({ name: 'Netball related' });
    const goals = await createCategory({ name: 'Goals related' });
    const nets = await createCategory({ name: 'Nets related' });
    const day = (d: number) => new Date(Date.UTC(2026, 0, d));
    const product = await createProduct({ sportId: football.id, categoryIds: [goals.id] });
    const both = await createProduct({
      sportId: football.id,
      categoryIds: [goals.id, nets.id],
      createdAt: day(1),
    });
    const category = await createProduct({
      sportId: netball.id,
      categoryIds: [goals.id],
      createdAt: day(3),
    });
    const sport = await createProduct({
      sportId: football.id,
      categoryIds: [nets.id],
      createdAt: day(4),
    });
    await createProduct({ sportId: netball.id, categoryIds: [nets.id] }); // nothing in common
    await createProduct({ sportId: football.id, categoryIds: [goals.id], status: 'draft' });
    await createProduct({ sportId: football.id, categoryIds: [goals.id], status: 'hidden' });
    await createProduct({ sportId: football.id, categoryIds: [goals.id], deletedAt: new Date() });
    catalogueChanged();

    const detail = (await getProduct(product.id))!;
    const related = await relatedProducts(detail);
    expect(related.map((p) => p.id)).toEqual([both.id, category.id, sport.id]);
    expect(related[0]).toMatchObject({ name: both.name, sport: { id: football.id } });
  });

  it('are a few at most', async () => {
    const sport = await createSport();
    const product = await createProduct({ sportId: sport.id });
    for (let i = 0; i < RELATED_COUNT + 2; i++) await createProduct({ sportId: sport.id });
    catalogueChanged();
    const related = await relatedProducts((await getProduct(product.id))!);
    expect(related).toHaveLength(RELATED_COUNT);
    expect(related.map((p) => p.id)).not.toContain(product.id);
  });
});
