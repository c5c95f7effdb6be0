import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { demoCategories, demoProducts, demoSports } from '~/content/demo-catalogue';
import { accountExists, createOrPromoteAdmin } from './accounts/admins.server';
import { db } from './db/client.server';
import { catalogueChanged } from './catalogue/cache.server';
import { categories, productImages, products, productsCategories, sports } from './db/schema';
import { env } from './env.server';
import { renderDemoImage } from './media/demo-images.server';
import { storeImage } from './media/storage.server';

export const DEMO_ADMIN_EMAIL = 'admin@fieldhouse.example';

/** Whether the catalogue has no products yet (a fresh database). */
export async function isCatalogueEmpty(): Promise<boolean> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(products);
  return (row?.n ?? 0) === 0;
}

/**
 * Loads the demo catalogue: sports, categories, products (keeping the original site's ids) and
 * their images, drawn at seed time (no network). Safe to run twice: existing rows are kept.
 * `images: false` leaves the images out (tests of search and order, which drawing would slow).
 */
export async function seedDemoCatalogue({
  log = () => {},
  images = true,
}: { log?: (line: string) => void; images?: boolean } = {}): Promise<void> {
  const now = Date.now();
  await db().transaction(async (tx) => {
    await tx.insert(sports).values(demoSports).onConflictDoNothing();
    await tx.insert(categories).values(demoCategories).onConflictDoNothing();
    await tx
      .insert(products)
      .values(
        demoProducts.map((p) => ({
          id: p.id,
          name: p.name,
          slug: p.slug,
          description: p.description,
          modelCode: p.modelCode ?? null,
          specifications: p.specifications ?? [],
          sportId: p.sportId,
          createdAt: new Date(now - p.createdDaysAgo * 86_400_000),
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(productsCategories)
      .values(
        demoProducts.flatMap((p) =>
          p.categoryIds.map((categoryId) => ({ productId: p.id, categoryId })),
        ),
      )
      .onConflictDoNothing();
    // Explicit ids leave the serial sequences behind; move them past the seeded rows.
    for (const table of ['sports', 'categories', 'products']) {
      await tx.execute(
        sql.raw(
          `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`,
        ),
      );
    }
  });
  const drawn = images ? await drawDemoImages() : 0;
  catalogueChanged();
  log(
    `Demo catalogue: ${demoSports.length} sports, ${demoCategories.length} categories, ${demoProducts.length} products (${drawn} images drawn).`,
  );
}

/**
 * Draws and stores the images of demo products that have none yet; returns how many. Two products
 * at a time: drawing and encoding run on libuv's threads, so a second lane uses the second core
 * (a third of the seed's time on two cores).
 */
async function drawDemoImages(): Promise<number> {
  const pictured = new Set(
    (await db().selectDistinct({ id: productImages.productId }).from(productImages)).map(
      (row) => row.id,
    ),
  );
  const queue = demoProducts.filter((product) => !pictured.has(product.id));
  let drawn = 0;
  const lane = async () => {
    for (let product = queue.shift(); product; product = queue.shift()) {
      for (const [position, image] of product.images.entries()) {
        const stored = await storeImage(await renderDemoImage(image));
        await db()
          .insert(productImages)
          .values({ productId: product.id, position, ...stored });
        drawn++;
      }
    }
  };
  await Promise.all([lane(), lane()]);
  return drawn;
}

/**
 * Creates the demo admin with a generated password, kept in $DATA_DIR/demo-admin.txt and
 * returned once so the caller can print it. Returns null when the demo admin already exists.
 */
export async function ensureDemoAdmin(): Promise<{ email: string; password: string } | null> {
  if (await accountExists(DEMO_ADMIN_EMAIL)) return null;
  const password = randomBytes(12).toString('base64url');
  await createOrPromoteAdmin({ email: DEMO_ADMIN_EMAIL, name: 'Demo Admin', password });
  const dir = env().dataDir;
  if (!(env().database.kind === 'pglite' && env().DATABASE_URL)) {
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'demo-admin.txt'),
      `Demo admin (created ${new Date().toISOString()})\nemail: ${DEMO_ADMIN_EMAIL}\npassword: ${password}\n`,
      { mode: 0o600 },
    );
  }
  return { email: DEMO_ADMIN_EMAIL, password };
}
