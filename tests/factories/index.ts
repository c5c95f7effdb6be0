import { db } from '~/services/db/client.server';
import { eq } from 'drizzle-orm';
import { categories, products, productsCategories, sports, user } from '~/services/db/schema';
import { auth } from '~/services/auth.server';

let n = 0;
const next = () => ++n;

export async function createSport(overrides: { name?: string } = {}) {
  const i = next();
  const name = overrides.name ?? `Sport ${i}`;
  const [row] = await db()
    .insert(sports)
    .values({ name, slug: `sport-${i}-${Date.now()}` })
    .returning({ id: sports.id, name: sports.name });
  return row!;
}

export async function createCategory(overrides: { name?: string } = {}) {
  const i = next();
  const name = overrides.name ?? `Category ${i}`;
  const [row] = await db()
    .insert(categories)
    .values({ name, slug: `category-${i}-${Date.now()}` })
    .returning({ id: categories.id, name: categories.name });
  return row!;
}

export async function createProduct(
  overrides: {
    name?: string;
    description?: string;
    sportId?: number;
    categoryIds?: number[];
    createdAt?: Date;
  } = {},
) {
  const i = next();
  const sportId = overrides.sportId ?? (await createSport()).id;
  const [row] = await db()
    .insert(products)
    .values({
      name: overrides.name ?? `Product ${i}`,
      slug: `product-${i}-${Date.now()}`,
      description: overrides.description ?? null,
      sportId,
      createdAt: overrides.createdAt,
    })
    .returning({ id: products.id, name: products.name });
  if (overrides.categoryIds?.length) {
    await db()
      .insert(productsCategories)
      .values(overrides.categoryIds.map((categoryId) => ({ productId: row!.id, categoryId })));
  }
  return row!;
}

/** Signs up a customer through Better Auth; returns its id, e-mail and session cookie header. */
export async function createCustomer(
  overrides: { email?: string; password?: string; name?: string; phone?: string } = {},
) {
  const email = overrides.email ?? `customer${next()}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  await auth().api.signUpEmail({
    body: { email, password, name: overrides.name ?? 'Test Customer' },
  });
  const [row] = await db()
    .update(user)
    .set({ phone: overrides.phone ?? null })
    .where(eq(user.email, email))
    .returning({ id: user.id });
  return { id: row!.id, email, password, cookie: await signIn(email, password) };
}

/** Signs in through Better Auth's HTTP endpoint (as a browser would) and returns the Cookie header. */
export async function signIn(email: string, password: string): Promise<string> {
  const response = await auth().handler(
    new Request('http://localhost:3000/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ email, password }),
    }),
  );
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookieHeader(response.headers);
}

/** The Cookie header a browser would send after these Set-Cookie headers (deleted ones left out). */
export function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * A camera photo as a phone sends it: a landscape 300×200 JPEG whose EXIF says "rotate 90°",
 * with the camera's make and a GPS position.
 */
export async function createGpsPhoto(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#00f' } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: 'PhoneCo' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 17/1 0/1' },
      },
    })
    .toBuffer();
}
