import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProductEditSchema, SPEC_MESSAGES } from '~/lib/schemas/product';
import { createCategory, createSport } from '../../../tests/factories';
import { listAudit } from '../audit/audit.server';
import { UserError } from '../errors.server';
import {
  createProduct,
  duplicateProduct,
  getProductForEdit,
  updateProduct,
} from './admin-products.server';
import { catalogueChanged } from './cache.server';
import { getProduct, listProducts } from './products.server';

const actor = { id: null, name: 'Ada Admin' };
let sportId: number;
let categoryId: number;

async function png(): Promise<File> {
  const data = await sharp({
    create: { width: 40, height: 40, channels: 3, background: '#2a6' },
  })
    .png()
    .toBuffer();
  return new File([new Uint8Array(data)], 'hoop.png', { type: 'image/png' });
}

function input(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Wall Hoop',
    sportId,
    categoryIds: [categoryId],
    images: ['new:0'],
    specName: [] as string[],
    specValue: [] as string[],
    specUnit: [] as string[],
    ...overrides,
  };
}

async function found(q: string): Promise<number[]> {
  catalogueChanged();
  return (await listProducts({ q })).items.map((p) => p.id);
}

beforeAll(async () => {
  sportId = (await createSport({ name: 'Korfball' })).id;
  categoryId = (await createCategory({ name: 'Korfball posts' })).id;
});

describe('a product’s model code and specifications', () => {
  it('are saved in order, shown on the product, recorded and searched', async () => {
    const saved = await createProduct(
      actor,
      input({
        modelCode: 'KB-3500',
        specName: ['Height', 'Material', ''],
        specValue: ['3.5', 'Galvanised steel', ''],
        specUnit: ['m', '', ''],
      }),
      [await png()],
    );
    const product = await getProduct(saved.id);
    expect(product?.modelCode).toBe('KB-3500');
    expect(product?.specifications).toEqual([
      { name: 'Height', value: '3.5', unit: 'm' },
      { name: 'Material', value: 'Galvanised steel' },
    ]);
    const [entry] = await listAudit({ entity: 'product', entityId: saved.id });
    expect(entry?.changes.specifications).toEqual({
      from: null,
      to: ['Height: 3.5 m', 'Material: Galvanised steel'],
    });
    expect(entry?.changes.modelCode).toEqual({ from: null, to: 'KB-3500' });
    // The model code as written, apart or joined; a specification's value.
    expect(await found('KB-3500')).toEqual([saved.id]);
    expect(await found('kb 3500')).toEqual([saved.id]);
    expect(await found('kb3500')).toEqual([saved.id]);
    expect(await found('galvanised')).toEqual([saved.id]);

    // An edit that reorders and changes them: the search follows, the log says what changed.
    const edit = await getProductForEdit(saved.id);
    await updateProduct(
      actor,
      saved.id,
      input({
        modelCode: 'KB-3600',
        specName: ['Material', 'Height'],
        specValue: ['Aluminium', '3.5'],
        specUnit: ['', 'm'],
        images: [`existing:${edit!.images[0]!.id}`],
        revision: edit!.revision,
      }) as never,
      [],
    );
    expect((await getProduct(saved.id))?.specifications.map((s) => s.name)).toEqual([
      'Material',
      'Height',
    ]);
    expect(await found('galvanised')).toEqual([]);
    expect(await found('aluminium kb3600')).toEqual([saved.id]);
    const [update] = await listAudit({ entity: 'product', entityId: saved.id });
    expect(update?.changes.modelCode).toEqual({ from: 'KB-3500', to: 'KB-3600' });

    // A copy keeps the specifications but not the code, which is unique.
    const copy = await duplicateProduct(actor, saved.id);
    const copied = await getProductForEdit(copy.id);
    expect(copied?.modelCode).toBeNull();
    expect(copied?.specifications).toHaveLength(2);
  });

  it('refuses a model code another product has, ignoring case', async () => {
    const first = await createProduct(actor, input({ modelCode: 'DUP-1' }), [await png()]);
    const error = await createProduct(actor, input({ modelCode: 'dup-1' }), [await png()]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).status).toBe(409);
    expect((error as UserError).field).toBe('modelCode');
    expect((error as UserError).message).toBe(SPEC_MESSAGES.modelCodeTaken(first.name));
  });

  it('checks rows: a name and a value each, no name twice, one line, lengths', () => {
    const base = { name: 'A', sportId: '1', categoryIds: ['1'], images: [], revision: '1' };
    const issues = (values: Record<string, unknown>) =>
      ProductEditSchema.safeParse({ ...base, ...values }).error?.issues.map((i) => [
        i.path[0],
        i.message,
      ]);
    expect(issues({ specName: ['Height'], specValue: [''], specUnit: ['m'] })).toEqual([
      ['specifications', SPEC_MESSAGES.unnamed],
    ]);
    expect(issues({ specName: ['Height', 'height'], specValue: ['1', '2'] })).toEqual([
      ['specifications', SPEC_MESSAGES.duplicate('height')],
    ]);
    expect(issues({ specName: ['Height'], specValue: ['x'.repeat(201)] })).toEqual([
      ['specValue', SPEC_MESSAGES.value],
    ]);
    expect(issues({ modelCode: 'A\tB' })).toEqual([['modelCode', SPEC_MESSAGES.oneLine]]);
    expect(issues({ specName: ['', '', ''], specValue: ['', '', ''] })).toBeUndefined();
  });
});
