import { createHash } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { SEARCH_MAX } from '~/lib/shop-url';
import { cached, catalogueVersion } from '~/services/catalogue/cache.server';
import {
  getProduct,
  listProducts,
  normaliseFilter,
  type ProductCard,
} from '~/services/catalogue/products.server';
import { listCategories, listSports } from '~/services/catalogue/taxonomy.server';
import { noteDatabaseError, UNAVAILABLE_TEXT } from '~/services/db/availability.server';
import { log } from '~/services/log.server';
import { nameRoute } from './observe';

/** `undefined` (as the original site's links send it) and empty values count as absent. */
const absent = (v: unknown) => (v === undefined || v === '' || v === 'undefined' ? undefined : v);

const idList = z.preprocess(
  absent,
  z
    .string()
    .regex(/^[1-9]\d{0,8}(,[1-9]\d{0,8})*$/, 'must be a comma-separated list of ids')
    .transform((s) => s.split(',').map(Number))
    .optional(),
);

const ListQuery = z.object({
  q: z.preprocess(
    absent,
    z.string().max(SEARCH_MAX, `must be at most ${SEARCH_MAX} characters`).optional(),
  ),
  sport: idList,
  category: idList,
  page: z.preprocess(
    absent,
    z
      .string()
      .regex(/^\d{1,6}$/, 'must be a whole number from 1')
      .transform(Number)
      .refine((n) => n >= 1, 'must be a whole number from 1')
      .optional(),
  ),
});

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

function badRequest(error: z.ZodError) {
  const issue = error.issues[0]!;
  return { error: `${String(issue.path[0] ?? 'query')} ${issue.message}` };
}

const toItem = (p: ProductCard) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  imageUrl: p.image?.src ?? null,
  sport: p.sport,
  categories: p.categories,
});

const REVALIDATE = 'public, max-age=0, must-revalidate';

/** The ETag of this URL's representation at this catalogue version. */
function tagFor(version: number, url: string): string {
  return `W/"${version}-${createHash('sha1').update(url).digest('base64url').slice(0, 16)}"`;
}

/** Whether the client's If-None-Match holds this tag. */
function matchesTag(req: Request, tag: string): boolean {
  const sent = req.headers['if-none-match'];
  return Boolean(sent && sent.split(',').some((t) => t.trim() === tag));
}

/**
 * Answers 304 when the client holds the representation of this URL at the current catalogue
 * version; otherwise sets the ETag and returns false. Clients revalidate on every use.
 */
async function notModified(req: Request, res: Response): Promise<boolean> {
  const tag = tagFor(await catalogueVersion(), req.originalUrl);
  res.setHeader('Cache-Control', REVALIDATE);
  res.setHeader('ETag', tag);
  if (matchesTag(req, tag)) {
    res.status(304).end();
    return true;
  }
  return false;
}

/** One URL's answer of GET /products: a 400 for bad input (no ETag), else the page as JSON. */
interface ProductsAnswer {
  status: number;
  tag: string | null;
  body: Buffer;
}

async function productsAnswer(req: Request, url: string): Promise<ProductsAnswer> {
  const query = ListQuery.safeParse({
    q: first(req.query.q),
    sport: first(req.query.sport),
    category: first(req.query.category),
    page: first(req.query.page),
  });
  if (!query.success) {
    return { status: 400, tag: null, body: Buffer.from(JSON.stringify(badRequest(query.error))) };
  }
  const tag = tagFor(await catalogueVersion(), url);
  const { q, sport, category, page } = query.data;
  const result = await listProducts(
    normaliseFilter({ q, sportIds: sport, categoryIds: category, page }),
  );
  const body = Buffer.from(
    JSON.stringify({
      items: result.items.map(toItem),
      total: result.total,
      page: result.page,
      pageSize: result.pageSize,
    }),
  );
  return { status: 200, tag, body };
}

/** The JSON read API: plain Express, cached, never through React Router. */
export function catalogueApi(): express.Router {
  const api = express.Router();

  api.get('/products', nameRoute, async (req, res, next) => {
    try {
      // Keyed by the address: a repeated URL costs one lookup, with no validation, hashing or
      // serialising (the ETag and the bytes are made once per URL and catalogue version).
      const url = req.originalUrl;
      const answer = await cached(
        `api:products:${url}`,
        () => productsAnswer(req, url),
        (a) => a.body.byteLength + url.length * 2,
      );
      if (answer.tag) {
        res.setHeader('Cache-Control', REVALIDATE);
        res.setHeader('ETag', answer.tag);
        if (matchesTag(req, answer.tag)) {
          res.status(304).end();
          return;
        }
      }
      res.status(answer.status);
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Length', answer.body.byteLength);
      res.end(answer.body);
    } catch (error) {
      next(error);
    }
  });

  api.get('/products/:id', nameRoute, async (req, res, next) => {
    try {
      if (!/^\d{1,9}$/.test(req.params.id)) {
        res.status(400).json({ error: 'id must be a whole number' });
        return;
      }
      if (await notModified(req, res)) return;
      const product = await getProduct(Number(req.params.id));
      if (!product) {
        res.status(404).json({ error: 'Product not found' });
        return;
      }
      const { images, status: _status, ...rest } = product;
      res.json({
        ...rest,
        imageUrl: images[0]?.src ?? null,
        images: images.map(({ src, width, height }) => ({ url: src, width, height })),
      });
    } catch (error) {
      next(error);
    }
  });

  api.get('/sports', nameRoute, async (req, res, next) => {
    try {
      if (await notModified(req, res)) return;
      res.json({ items: await listSports() });
    } catch (error) {
      next(error);
    }
  });

  api.get('/categories', nameRoute, async (req, res, next) => {
    try {
      if (await notModified(req, res)) return;
      res.json({ items: await listCategories() });
    } catch (error) {
      next(error);
    }
  });

  api.use((_req, res) => {
    res.locals.route = '/api/v1/*';
    res.status(404).json({ error: 'Not found' });
  });

  // An unexpected failure is logged here and answered without details.
  api.use((error: unknown, _req: Request, res: Response, _next: express.NextFunction) => {
    // An address Express could not decode (/products/%): the client's mistake, not ours.
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ error: 'The address could not be read.' });
      return;
    }
    if (noteDatabaseError(error)) {
      res.status(503).set('Retry-After', '30').json({ error: UNAVAILABLE_TEXT });
      return;
    }
    log().error({ err: error }, 'API error');
    res.status(500).json({ error: 'Something went wrong. Please try again.' });
  });

  return api;
}
