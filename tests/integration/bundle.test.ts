// What a public page makes the browser load first never includes admin code, the back office's
// heavy libraries or its stylesheet, stays within a guard of 160 KiB gzip of scripts and
// stylesheets, and the Brotli copies the server prefers are the files they stand for. Reads the
// client build: Vite's manifest (which chunks and stylesheets a route module imports)
// and build/client/.vite/chunk-modules.json (which source modules ended up in each chunk, written
// by vite.config.ts), so code that a shared chunk swallowed is found too.
import { readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ensureBuild } from '../setup/built-server';

const MANIFEST = 'build/client/.vite/manifest.json';
const CHUNK_MODULES = 'build/client/.vite/chunk-modules.json';

/**
 * A guard, not a goal: KiB of gzip (level 6, what the server's compression middleware sends a
 * browser without Brotli) of the scripts and stylesheets a page loads before it runs anything.
 * React, React DOM and React Router are about 105 of it on every page.
 */
const GUARD = 160;
const BUDGETS: Record<string, number> = Object.fromEntries(
  ['home', 'shop', 'products.$productId', 'cart', 'login', 'register', 'contact-us'].map(
    (route) => [`app/routes/${route}.tsx`, GUARD],
  ),
);

/** Source modules that only the back office may load. */
const FORBIDDEN = [
  /^app\/routes\/admin[^/]*$/,
  /^app\/components\/admin\//,
  ...[
    'react-dropzone',
    'react-easy-crop',
    'pdfkit',
    'csv-stringify',
    '@remix-run/form-data-parser',
    'recharts',
    'victory-vendor',
  ].map((name) => new RegExp(`node_modules/${name.replace('/', '\\/')}/`)),
];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

// The build these budgets are about is the one of the sources as they stand.
ensureBuild();

describe('first load of public pages', () => {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>;
  const chunkModules = JSON.parse(readFileSync(CHUNK_MODULES, 'utf8')) as Record<
    string,
    Record<string, number>
  >;
  const ROUTE_SUFFIX = '?__react-router-build-client-route';
  const routeKeys = Object.keys(manifest).filter((key) => key.endsWith(ROUTE_SUFFIX));
  const sourceOf = (key: string) => key.slice(0, -ROUTE_SUFFIX.length);
  const isAdmin = (key: string) => /^app\/routes\/admin[^/]*$/.test(sourceOf(key));
  const rootKey = routeKeys.find((key) => sourceOf(key) === 'app/root.tsx');
  const entryKey = Object.keys(manifest).find(
    (key) => manifest[key]!.isEntry && key.includes('entry.client'),
  );

  /**
   * The files a manifest entry loads before anything runs: its chunk, its static imports and the
   * stylesheets of all of them (React Router links those in the page's head).
   */
  function firstLoad(key: string, files = new Set<string>()): Set<string> {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) firstLoad(imported, files);
    return files;
  }
  /**
   * The stylesheet every page links (root.tsx imports it as a URL): in the manifest as an asset of
   * its own, not among the root's imports.
   */
  const rootStylesheet = Object.values(manifest).find((chunk) =>
    chunk.src?.endsWith('app/app.css'),
  )?.file;
  /**
   * What a page of this route loads first: the client entry, the root route and its stylesheet,
   * and the route.
   */
  const pageLoad = (key: string) =>
    firstLoad(key, firstLoad(rootKey!, firstLoad(entryKey!, new Set([rootStylesheet!]))));
  const publicRoutes = routeKeys.filter((key) => !isAdmin(key));
  const adminRoutes = routeKeys.filter(isAdmin);

  it('finds the entry, the root, public and admin routes, and what is inside the chunks', () => {
    // Guards against a test that passes because the build's shape changed and it sees nothing.
    expect(entryKey).toBeDefined();
    expect(rootKey).toBeDefined();
    expect(rootStylesheet).toMatch(/\.css$/);
    expect(routeKeys.filter(isAdmin).length).toBeGreaterThan(0);
    expect(routeKeys.filter((key) => !isAdmin(key)).length).toBeGreaterThan(5);
    const everything = Object.values(chunkModules).flatMap((modules) => Object.keys(modules));
    expect(everything.some((id) => id.includes('node_modules/react-dom/'))).toBe(true);
    expect(everything.some((id) => /^app\/routes\/admin/.test(id))).toBe(true);
  });

  it.each(publicRoutes.map((key) => [sourceOf(key), key]))(
    '%s loads no admin code and no back-office library first',
    (_source, key) => {
      const files = pageLoad(key);
      const offending = [...files].flatMap((file) =>
        Object.keys(chunkModules[file] ?? {})
          .filter((id) => FORBIDDEN.some((pattern) => pattern.test(id)))
          .map((id) => `${file}: ${id}`),
      );
      expect(offending).toEqual([]);
    },
  );

  it('gives the back office a stylesheet of its own that no public page loads', () => {
    // Judged by the build, not by a file name: the stylesheets the back office's pages load first
    // that no public page loads.
    const shop = new Set(publicRoutes.flatMap((key) => [...pageLoad(key)]));
    const shopCss = [...shop].filter((file) => file.endsWith('.css'));
    const adminOnly = [
      ...new Set(
        adminRoutes.flatMap((key) => [...pageLoad(key)].filter((f) => f.endsWith('.css'))),
      ),
    ].filter((file) => !shop.has(file));
    expect(adminOnly.length).toBeGreaterThan(0);
    // A class only the back office uses (its sticky sidebar's offset below the top bar, in
    // components/admin/admin-shell.tsx) is in the admin stylesheet and in none of the shop's.
    const read = (file: string) => readFileSync(`build/client/${file}`, 'utf8');
    const marker = '.top-\\[3\\.25rem\\]';
    expect(adminOnly.filter((file) => read(file).includes(marker)).length).toBe(1);
    expect(shopCss.filter((file) => read(file).includes(marker))).toEqual([]);
  });

  it.each(Object.entries(BUDGETS))(
    '%s loads at most %d KiB gzip of scripts and stylesheets first',
    (source, budget) => {
      const key = `${source}${ROUTE_SUFFIX}`;
      expect(manifest[key], `${source} is not a route of this build`).toBeDefined();
      const files = [...pageLoad(key)];
      expect(files.some((file) => file.endsWith('.css'))).toBe(true);
      const bytes = files.reduce(
        (sum, file) => sum + gzipSync(readFileSync(`build/client/${file}`)).length,
        0,
      );
      expect(
        Math.round((bytes / 1024) * 10) / 10,
        `${source}: ${files.map((f) => f.replace('assets/', '')).join(', ')}`,
      ).toBeLessThanOrEqual(budget);
    },
  );

  it('loads Recharts on the reports page only, and only once it draws a chart', () => {
    const charts = /node_modules\/recharts\//;
    const holds = (file: string) =>
      Object.keys(chunkModules[file] ?? {}).some((id) => charts.test(id));
    const reports = routeKeys.find((key) => sourceOf(key) === 'app/routes/admin.reports.tsx');
    expect(reports).toBeDefined();
    // Not in what the page (or any other) loads first ...
    for (const key of routeKeys)
      expect([...pageLoad(key)].filter(holds), sourceOf(key)).toEqual([]);
    // ... but in what the reports route imports when it renders its charts.
    const later = (manifest[reports!]!.dynamicImports ?? []).flatMap((key) => [...firstLoad(key)]);
    expect(later.filter(holds).length).toBeGreaterThan(0);
  });

  it('loads web-vitals after the first load, from the root, for the real-user speed beacon', () => {
    const vitals = /node_modules\/web-vitals\//;
    const holds = (file: string) =>
      Object.keys(chunkModules[file] ?? {}).some((id) => vitals.test(id));
    for (const key of routeKeys)
      expect([...pageLoad(key)].filter(holds), sourceOf(key)).toEqual([]);
    const later = (manifest[rootKey!]!.dynamicImports ?? []).flatMap((key) => [...firstLoad(key)]);
    expect(later.filter(holds).length).toBeGreaterThan(0);
  });

  it('serves Brotli copies that hold exactly the built scripts and stylesheets', () => {
    const dir = 'build/client/assets';
    const copies = readdirSync(dir).filter((name) => name.endsWith('.br'));
    expect(copies.length).toBeGreaterThan(5);
    const differing = copies.filter(
      (name) =>
        !brotliDecompressSync(readFileSync(`${dir}/${name}`)).equals(
          readFileSync(`${dir}/${name.slice(0, -3)}`),
        ),
    );
    expect(differing).toEqual([]);
  });
});
