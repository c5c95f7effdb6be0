// The back office's guard, table-driven: every admin page, action and API is called as a guest
// (sent to sign in, or 401) and as a signed-in customer (403), both as the page request and as
// React Router's single-fetch `.data` request (what a client-side navigation or fetcher sends),
// and the catalogue must look exactly the same to the admin afterwards. The table must cover the
// site map: every back-office route in app/routes.ts has at least one probe.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { matchRoutes, type RouteObject } from 'react-router';
import routes from '../../app/routes';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
} from './test';

/** Names made only here, so a write that slipped through can be recognised among other tests'. */
const RUN = randomUUID().slice(0, 8);
const PROBE = `Guard Probe ${RUN}`;

/** Ids the probes aim at, known once the admin has made them (see beforeAll). */
interface Targets {
  sportId: number;
  categoryId: number;
  productId: number;
}

interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  /** The body an admin would send (a write that would change the database if the guard let it). */
  form?: (t: Targets) => Record<string, string>;
  json?: (t: Targets) => Record<string, unknown>;
  /** Better Auth over HTTP: no `.data` variant; not served at all (404) for anyone. */
  api?: boolean;
}

/**
 * EVERY back-office route and action. Adding an admin page or action? Add its row here (its
 * `.data` request is tried too); a route of app/routes.ts under /admin without a row fails the
 * last test. Unknown `/admin/…` addresses go through the admin layout's guard (routes/admin.$.tsx)
 * before their 404.
 */
const ENDPOINTS: Endpoint[] = [
  // Frame and dashboard
  { method: 'GET', path: '/admin' },
  { method: 'GET', path: '/admin/no-such-page' },
  { method: 'POST', path: '/admin/no-such-page', form: () => ({ name: PROBE }) },
  // Pages that take no posts: the guard answers, not a 405 that would say the page exists.
  ...['/admin', '/admin/activity', '/admin/enquiries', '/admin/messages'].map((path): Endpoint => ({
    method: 'POST',
    path,
    form: () => ({ name: PROBE }),
  })),
  // Products (products engineer: adjust the bodies to the real field names)
  { method: 'GET', path: '/admin/list' },
  { method: 'GET', path: '/admin/list?q=net&sport=1' },
  {
    method: 'POST',
    path: '/admin/list',
    form: (t) => ({ intent: 'delete', id: String(t.productId), productId: String(t.productId) }),
  },
  { method: 'GET', path: '/admin/create' },
  {
    method: 'POST',
    path: '/admin/create',
    form: (t) => ({
      name: PROBE,
      sportId: String(t.sportId),
      categoryIds: String(t.categoryId),
      description: PROBE,
    }),
  },
  { method: 'GET', path: '/admin/edit/3' },
  {
    method: 'POST',
    path: '/admin/edit/3',
    form: (t) => ({
      name: PROBE,
      sportId: String(t.sportId),
      categoryIds: String(t.categoryId),
      revision: '1',
    }),
  },
  // The catalogue in bulk: exports, the import and its job (id 1 need not exist: the guard
  // answers first)
  { method: 'GET', path: '/admin/catalogue.csv' },
  { method: 'GET', path: '/admin/catalogue.xlsx?sport=1' },
  { method: 'GET', path: '/admin/catalogue-images.zip' },
  { method: 'POST', path: '/admin/catalogue.csv', form: () => ({ name: PROBE }) },
  { method: 'GET', path: '/admin/import' },
  { method: 'POST', path: '/admin/import', form: () => ({ createTaxonomy: 'on' }) },
  { method: 'GET', path: '/admin/import/1' },
  { method: 'POST', path: '/admin/import/1', form: () => ({ intent: 'apply' }) },
  { method: 'POST', path: '/admin/import/1', form: () => ({ intent: 'cancel' }) },
  { method: 'GET', path: '/admin/import/1/report.csv' },
  // Sports and categories
  { method: 'GET', path: '/admin/create-sport' },
  { method: 'POST', path: '/admin/create-sport', form: () => ({ name: PROBE }) },
  { method: 'GET', path: '/admin/create-categories' },
  { method: 'POST', path: '/admin/create-categories', form: () => ({ name: PROBE }) },
  { method: 'GET', path: '/admin/sports' },
  {
    method: 'POST',
    path: '/admin/sports',
    form: (t) => ({ intent: 'rename', id: String(t.sportId), name: PROBE }),
  },
  {
    method: 'POST',
    path: '/admin/sports',
    form: (t) => ({ intent: 'delete', id: String(t.sportId) }),
  },
  { method: 'GET', path: '/admin/categories' },
  {
    method: 'POST',
    path: '/admin/categories',
    form: (t) => ({ intent: 'rename', id: String(t.categoryId), name: PROBE }),
  },
  {
    method: 'POST',
    path: '/admin/categories',
    form: (t) => ({ intent: 'delete', id: String(t.categoryId) }),
  },
  { method: 'GET', path: '/admin/activity' },
  { method: 'GET', path: '/admin/activity?entity=sport' },
  // Inbox: enquiries (status, note, reply, quotation, PDFs, CSV) and contact messages
  { method: 'GET', path: '/admin/enquiries' },
  { method: 'GET', path: '/admin/enquiries?status=new&q=goal&from=2026-01-01' },
  { method: 'GET', path: '/admin/enquiries.csv' },
  { method: 'GET', path: '/admin/enquiries/1' },
  {
    method: 'POST',
    path: '/admin/enquiries/1',
    form: () => ({ intent: 'status', status: 'closed' }),
  },
  { method: 'POST', path: '/admin/enquiries/1', form: () => ({ intent: 'note', body: PROBE }) },
  { method: 'POST', path: '/admin/enquiries/1', form: () => ({ intent: 'reply', body: PROBE }) },
  { method: 'GET', path: '/admin/enquiries/1/quotation' },
  {
    method: 'POST',
    path: '/admin/enquiries/1/quotation',
    form: () => ({
      extras: '1',
      'extra-0-description': PROBE,
      'extra-0-price': '1',
      validityDays: '30',
    }),
  },
  {
    method: 'POST',
    path: '/admin/enquiries/1/quotation',
    form: () => ({ intent: 'draft', extras: '0', 'extra-0-description': PROBE }),
  },
  { method: 'GET', path: '/admin/enquiries/1/quotation/preview' },
  {
    method: 'POST',
    path: '/admin/enquiries/1/quotation/preview',
    form: () => ({ extras: '0', attentionName: PROBE, validityDays: '30' }),
  },
  { method: 'GET', path: '/admin/enquiries/1/quotations/Q-FH-2026-AAAAAA-1.pdf' },
  // An enquiry's private files (the buyer's attachments, a reply's, a purchase order), and a post
  { method: 'GET', path: '/admin/enquiries/1/files/1' },
  { method: 'POST', path: '/admin/enquiries/1/files/1', form: () => ({ name: PROBE }) },
  {
    method: 'POST',
    path: '/admin/enquiries/1',
    form: () => ({ intent: 'confirm-order', quotationId: '1' }),
  },
  // Orders: the list, an order's status, invoice and credit note actions, its documents
  // Enquiries entered by hand, and the canned replies staff insert into replies.
  { method: 'GET', path: '/admin/enquiries/new' },
  { method: 'POST', path: '/admin/enquiries/new', form: () => ({ name: PROBE }) },
  { method: 'GET', path: '/admin/replies' },
  { method: 'POST', path: '/admin/replies', form: () => ({ title: PROBE, body: PROBE }) },
  { method: 'GET', path: '/admin/customers' },
  { method: 'GET', path: '/admin/customers?q=tan&page=2' },
  { method: 'POST', path: '/admin/customers', form: () => ({ name: PROBE }) },
  { method: 'GET', path: '/admin/customers/0123456789abcdef0123456789abcdef' },
  {
    method: 'POST',
    path: '/admin/customers/0123456789abcdef0123456789abcdef',
    form: () => ({ name: PROBE }),
  },
  { method: 'GET', path: '/admin/orders' },
  { method: 'GET', path: '/admin/orders?status=paid&page=2' },
  { method: 'POST', path: '/admin/orders', form: () => ({ name: PROBE }) },
  { method: 'GET', path: '/admin/orders/1' },
  {
    method: 'POST',
    path: '/admin/orders/1',
    form: () => ({ intent: 'status', status: 'delivered', from: 'confirmed' }),
  },
  {
    method: 'POST',
    path: '/admin/orders/1',
    form: () => ({ intent: 'status', status: 'cancelled', from: 'confirmed', note: PROBE }),
  },
  {
    method: 'POST',
    path: '/admin/orders/1',
    form: () => ({ intent: 'invoice', from: 'confirmed' }),
  },
  {
    method: 'POST',
    path: '/admin/orders/1',
    form: () => ({ intent: 'credit-note', invoiceId: '1', reason: PROBE }),
  },
  { method: 'GET', path: '/admin/orders/1/documents/INV-2026-00001.pdf' },
  { method: 'POST', path: '/admin/orders/1/documents/INV-2026-00001.pdf', form: () => ({}) },
  { method: 'GET', path: '/admin/messages' },
  { method: 'GET', path: '/admin/messages?show=all' },
  { method: 'GET', path: '/admin/messages/1' },
  { method: 'POST', path: '/admin/messages/1/read', form: () => ({}) },
  {
    method: 'POST',
    path: '/admin/messages/1',
    form: () => ({ intent: 'handled', handled: 'true' }),
  },
  { method: 'POST', path: '/admin/messages/1', form: () => ({ intent: 'reply', body: PROBE }) },
  // Personal data requests: looking up, exporting and erasing an address
  { method: 'GET', path: '/admin/privacy' },
  {
    method: 'POST',
    path: '/admin/privacy',
    form: () => ({ intent: 'lookup', email: 'guard-probe@school.example' }),
  },
  {
    method: 'POST',
    path: '/admin/privacy',
    form: () => ({ intent: 'erase', email: 'guard-probe@school.example', confirm: 'yes' }),
  },
  { method: 'GET', path: '/admin/privacy/export' },
  {
    method: 'POST',
    path: '/admin/privacy/export',
    form: () => ({ email: 'guard-probe@school.example', format: 'json' }),
  },
  // Reports: the page and its CSV downloads
  { method: 'GET', path: '/admin/reports' },
  { method: 'GET', path: '/admin/reports?from=2026-01-01&to=2026-03-31' },
  { method: 'POST', path: '/admin/reports', form: () => ({ name: PROBE }) },
  { method: 'GET', path: '/admin/reports.csv?table=weekly' },
  // Real-user speed
  { method: 'GET', path: '/admin/speed' },
  { method: 'GET', path: '/admin/speed?days=7' },
  { method: 'POST', path: '/admin/speed', form: () => ({ name: PROBE }) },
  // Better Auth's admin plugin: roles and users (not served over HTTP)
  { method: 'GET', path: '/api/auth/admin/list-users', api: true },
  {
    method: 'POST',
    path: '/api/auth/admin/set-role',
    json: () => ({ userId: 'whoever', role: 'admin' }),
    api: true,
  },
];

const baseURL = () => test.info().project.use.baseURL!;

function demoAdmin() {
  const text = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'demo-admin.txt'), 'utf8');
  return { email: text.match(/email: (\S+)/)![1]!, password: text.match(/password: (\S+)/)![1]! };
}

/** A request context with its own cookies: a guest, or signed in through Better Auth. */
async function client(as: 'guest' | 'customer' | 'admin'): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { origin: baseURL() },
  });
  if (as === 'guest') return ctx;
  let email = demoAdmin().email;
  let password = demoAdmin().password;
  if (as === 'customer') {
    email = `guard-${RUN}@example.com`;
    password = 'correct horse battery';
    const up = await ctx.post('/api/auth/sign-up/email', {
      data: { email, password, name: 'Guard Customer' },
    });
    if (!up.ok() && up.status() !== 422) throw new Error(`sign-up: ${up.status()}`);
  }
  const signedIn = await ctx.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return ctx;
}

/** The single-fetch URL React Router's client requests for a page or action. */
function dataUrl(address: string): string {
  const url = new URL(address, 'http://x');
  const pathname = url.pathname === '/' ? '/_root' : url.pathname.replace(/\/$/, '');
  return `${pathname}.data${url.search}`;
}

async function call(ctx: APIRequestContext, e: Endpoint, address: string, t: Targets) {
  const options = { maxRedirects: 0, failOnStatusCode: false } as const;
  if (e.method === 'GET') return ctx.get(address, options);
  if (e.json) return ctx.post(address, { ...options, data: e.json(t) });
  return ctx.post(address, { ...options, form: e.form?.(t) ?? {} });
}

/** What the admin sees of everything the probes aim at. */
async function snapshot(admin: APIRequestContext, browser: Browser, t: Targets) {
  const json = async (url: string) => (await admin.get(url)).json();
  const sports = (await json('/api/v1/sports')).items as { id: number; name: string }[];
  const categories = (await json('/api/v1/categories')).items as { id: number; name: string }[];
  const probeSearch = await json(`/api/v1/products?q=${encodeURIComponent(PROBE)}`);
  const page = await (
    await browser.newContext({ baseURL: baseURL(), storageState: await admin.storageState() })
  ).newPage();
  const rows = async (url: string) => {
    await page.goto(url);
    return page.getByRole('row').allInnerTexts();
  };
  await page.goto('/admin/activity');
  const activity = await page
    .locator('li[data-entry-id]')
    .evaluateAll((items) =>
      items.map((li) => ({ id: Number(li.getAttribute('data-entry-id')), text: li.textContent })),
    );
  const snap = {
    victimSport: sports.find((s) => s.id === t.sportId) ?? null,
    victimCategory: categories.find((c) => c.id === t.categoryId) ?? null,
    probeNamed: [...sports, ...categories].filter((x) => x.name === PROBE),
    probeProducts: probeSearch.items
      .map((p: { name: string }) => p.name)
      .filter((n: string) => n === PROBE),
    product: await json(`/api/v1/products/${t.productId}`),
    sportRow: (await rows('/admin/sports')).filter((r) => r.includes(`Guard Sport ${RUN}`)),
    categoryRow: (await rows('/admin/categories')).filter((r) =>
      r.includes(`Guard Category ${RUN}`),
    ),
    // Entries that mention what the probes aim at (other tests may add their own meanwhile).
    activity: activity.filter((a) => a.text?.includes(RUN) || a.text?.includes(PROBE)),
  };
  await page.context().close();
  return snap;
}

test.describe.configure({ mode: 'serial' });

let admin: APIRequestContext;
let targets: Targets;

test.beforeAll(async () => {
  admin = await client('admin');
  // An unused sport and category: a delete or rename that got through would succeed on them.
  for (const [url, name] of [
    ['/admin/create-sport', `Guard Sport ${RUN}`],
    ['/admin/create-categories', `Guard Category ${RUN}`],
  ] as const) {
    const made = await admin.post(url, { form: { name } });
    expect(made.status(), url).toBe(200);
  }
  const find = async (url: string, name: string) =>
    ((await (await admin.get(url)).json()).items as { id: number; name: string }[]).find(
      (x) => x.name === name,
    )!.id;
  targets = {
    sportId: await find('/api/v1/sports', `Guard Sport ${RUN}`),
    categoryId: await find('/api/v1/categories', `Guard Category ${RUN}`),
    productId: 3,
  };
});

test.afterAll(async () => {
  await admin?.dispose();
});

for (const role of ['guest', 'customer'] as const) {
  test(`a ${role} is refused at every admin route and action, and nothing changes`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const ctx = await client(role);
    const before = await snapshot(admin, browser, targets);
    expect(before.victimSport).not.toBeNull();
    expect(before.product.id).toBe(targets.productId);

    for (const e of ENDPOINTS) {
      const variants = e.api ? [e.path] : [e.path, dataUrl(e.path)];
      for (const address of variants) {
        const label = `${role} ${e.method} ${address}`;
        const response = await call(ctx, e, address, targets);
        const status = response.status();
        const body = await response.text();
        if (e.api) {
          // Better Auth's admin plugin is not served over HTTP at all (auth-http.server.ts).
          expect(status, label).toBe(404);
          continue;
        }
        if (role === 'customer') {
          // 403 from the guard itself (not, say, the cross-site check): its message is in the body.
          expect(status, label).toBe(403);
          expect(body, label).toContain('You do not have access to this page.');
          continue;
        }
        if (address.includes('.data')) {
          // Single fetch encodes a redirect as a 202 whose payload names the target: the client
          // then navigates there. It must be the sign-in page, and carry nothing of the page.
          expect(status, label).toBe(202);
          const back = new URL(e.path, 'http://x');
          expect(body, label).toContain(
            `"redirect","/login?redirectTo=${encodeURIComponent(back.pathname + back.search)}"`,
          );
        } else {
          expect([302, 303], label).toContain(status);
          expect(response.headers().location, label).toMatch(/^\/login\?redirectTo=%2Fadmin/);
        }
        expect(status, `${label}: never a page or data`).not.toBe(200);
      }
    }

    expect(await snapshot(admin, browser, targets)).toEqual(before);
    // The customer is still a customer (the set-role probe did nothing).
    if (role === 'customer')
      expect((await ctx.get('/admin', { maxRedirects: 0 })).status()).toBe(403);
    await ctx.dispose();
  });
}

test('the probes are real: the same requests from the admin do change the catalogue', async ({
  browser,
}) => {
  const before = await snapshot(admin, browser, targets);
  const rename = ENDPOINTS.find(
    (e) => e.path === '/admin/sports' && e.form?.(targets).intent === 'rename',
  )!;
  expect((await call(admin, rename, dataUrl(rename.path), targets)).status()).toBe(200);
  const create = ENDPOINTS.find(
    (e) => e.path === '/admin/create-categories' && e.method === 'POST',
  )!;
  expect((await call(admin, create, create.path, targets)).status()).toBe(200);
  const deleteCategory = ENDPOINTS.find(
    (e) => e.path === '/admin/categories' && e.form?.(targets).intent === 'delete',
  )!;
  expect((await call(admin, deleteCategory, dataUrl(deleteCategory.path), targets)).status()).toBe(
    200,
  );

  const after = await snapshot(admin, browser, targets);
  expect(after.victimSport?.name).toBe(PROBE);
  expect(after.victimCategory).toBeNull();
  expect(after.probeNamed.map((x) => x.name)).toEqual([PROBE, PROBE]);
  expect(after.activity.length).toBe(before.activity.length + 3);

  // Tidy up: the probe sport and category go again.
  const sports = (await (await admin.get('/api/v1/sports')).json()).items as {
    id: number;
    name: string;
  }[];
  const categories = (await (await admin.get('/api/v1/categories')).json()).items as {
    id: number;
    name: string;
  }[];
  for (const s of sports.filter((x) => x.name === PROBE))
    await admin.post('/admin/sports', { form: { intent: 'delete', id: String(s.id) } });
  for (const c of categories.filter((x) => x.name === PROBE))
    await admin.post('/admin/categories', { form: { intent: 'delete', id: String(c.id) } });
});

/** React Router's route objects for the site map, each carrying its module's file in `handle`. */
function routeObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { index: true, handle: entry.file }
      : {
          path: entry.path,
          handle: entry.file,
          children: entry.children ? routeObjects(entry.children) : undefined,
        },
  );
}

/** The modules that answer requests under /admin: the admin layout's pages, not the layout. */
function adminModules(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const address = entry.index ? parent : `${parent}/${entry.path ?? ''}`.replace(/\/+$/, '');
    if (entry.children) return adminModules(entry.children, address);
    return address === '/admin' || address.startsWith('/admin/') ? [entry.file] : [];
  });
}

test('every back-office route in app/routes.ts has a probe in the table', () => {
  const objects = routeObjects(routes);
  const probed = new Set(
    ENDPOINTS.filter((e) => !e.api).map((e) => {
      // The module React Router picks for the probe's address, as the server does.
      const matches = matchRoutes(objects, new URL(e.path, 'http://x').pathname);
      return matches?.at(-1)?.route.handle as string | undefined;
    }),
  );
  const modules = adminModules(routes);
  // The site map has an admin section; an empty list would make this test pass for nothing.
  expect(modules).toContain('routes/admin.list.tsx');
  expect(
    modules.filter((file) => !probed.has(file)),
    'admin routes without a probe',
  ).toEqual([]);
});
