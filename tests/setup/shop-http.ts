// What a browser does against a built server, over plain HTTP: sign in and out through Better
// Auth's endpoints, and the back office's product forms posted as the page posts them.
import sharp from 'sharp';
import { cookieHeader } from '../factories';

/** POST /api/auth/sign-in/email; `from` sets X-Forwarded-For (a server with TRUST_PROXY=1). */
export function signInOver(
  base: string,
  email: string,
  password: string,
  from?: string,
): Promise<Response> {
  return fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: base,
      ...(from ? { 'x-forwarded-for': from } : {}),
    },
    body: JSON.stringify({ email, password }),
  });
}

/** Signs in and returns the Cookie header a browser would send next. */
export async function sessionCookie(base: string, email: string, password: string) {
  const res = await signInOver(base, email, password);
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookieHeader(res.headers);
}

export async function signOutOver(base: string, cookie: string): Promise<void> {
  const res = await fetch(`${base}/api/auth/sign-out`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!res.ok) throw new Error(`sign-out failed: ${res.status} ${await res.text()}`);
}

/** A small photo-like PNG, different for each `seed` (so its content-hash key is new). */
export function testImage(seed: number, width = 400, height = 300): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: seed % 256, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
}

export interface ProductFields {
  name: string;
  sportId: number;
  categoryIds: number[];
  /** Image slots in order: `new:<n>` for the n-th file, `existing:<id>` for a kept image. */
  images: string[];
  revision?: number;
}

/**
 * Posts the Add Product form (or, with `editId`, the Edit Product form) as the page does without
 * JavaScript: multipart, the files under `file`. Returns the response, not followed.
 */
export function postProductForm(
  base: string,
  cookie: string,
  fields: ProductFields,
  files: Buffer[] = [],
  editId?: number,
): Promise<Response> {
  const form = new FormData();
  form.set('name', fields.name);
  form.set('sportId', String(fields.sportId));
  form.set('status', 'published');
  for (const id of fields.categoryIds) form.append('categoryIds', String(id));
  for (const slot of fields.images) form.append('images', slot);
  if (fields.revision !== undefined) form.set('revision', String(fields.revision));
  files.forEach((data, i) =>
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), `photo-${i}.png`),
  );
  return fetch(`${base}/admin/${editId ? `edit/${editId}` : 'create'}`, {
    method: 'POST',
    headers: { cookie, origin: base },
    body: form,
    redirect: 'manual',
  });
}

/** Adds a product with one image through the back office; returns its id. */
export async function uploadProduct(
  base: string,
  cookie: string,
  fields: Omit<ProductFields, 'images'>,
  image: Buffer,
): Promise<number> {
  const res = await postProductForm(base, cookie, { ...fields, images: ['new:0'] }, [image]);
  const location = res.headers.get('location') ?? '';
  const id = /\/admin\/edit\/(\d+)\?created=1/.exec(location)?.[1];
  if (res.status !== 302 || !id) {
    throw new Error(`Add Product failed: ${res.status} ${location} ${await res.text()}`);
  }
  return Number(id);
}

/** The image addresses a page's HTML shows (src and each srcset entry), in order. */
export function imageSources(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<img\b[^>]*>/g)) {
    const tag = m[0];
    const src = /\ssrc="([^"]+)"/.exec(tag)?.[1];
    if (src) out.push(src.replaceAll('&amp;', '&'));
    const set = /\ssrcset="([^"]+)"/i.exec(tag)?.[1];
    if (set) for (const part of set.split(',')) out.push(part.trim().split(/\s+/)[0]!);
  }
  return out;
}
