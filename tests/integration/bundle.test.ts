// What a public page makes the browser load first never includes admin code or the back office's
// heavy libraries, and the Brotli copies the server prefers are the files they stand for. Reads the client build: Vite's manifest (which chunks a route module imports)
// and build/client/.vite/chunk-modules.json (which source modules ended up in each chunk, written
// by vite.config.ts), so code that a shared chunk swallowed is found too.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const MANIFEST = 'build/client/.vite/manifest.json';
const CHUNK_MODULES = 'build/client/.vite/chunk-modules.json';

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

const built = existsSync(MANIFEST) && existsSync(CHUNK_MODULES);
if (!built) {
  if (process.env.CI === 'true')
    throw new Error(`${MANIFEST} is missing: npm test builds before this test runs.`);
  console.log(
    `Skipping the bundle test: no client build (${MANIFEST}); run npx react-router build.`,
  );
}

describe.skipIf(!built)('first load of public pages', () => {
  const manifest = built
    ? (JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>)
    : {};
  const chunkModules = built
    ? (JSON.parse(readFileSync(CHUNK_MODULES, 'utf8')) as Record<string, Record<string, number>>)
    : {};
  const ROUTE_SUFFIX = '?__react-router-build-client-route';
  const routeKeys = Object.keys(manifest).filter((key) => key.endsWith(ROUTE_SUFFIX));
  const sourceOf = (key: string) => key.slice(0, -ROUTE_SUFFIX.length);
  const isAdmin = (key: string) => /^app\/routes\/admin[^/]*$/.test(sourceOf(key));
  const rootKey = routeKeys.find((key) => sourceOf(key) === 'app/root.tsx');
  const entryKey = Object.keys(manifest).find(
    (key) => manifest[key]!.isEntry && key.includes('entry.client'),
  );

  /** The chunk files a manifest entry loads before anything runs: it and its static imports. */
  function firstLoad(key: string, files = new Set<string>()): Set<string> {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) firstLoad(imported, files);
    return files;
  }

  it('finds the entry, the root, public and admin routes, and what is inside the chunks', () => {
    // Guards against a test that passes because the build's shape changed and it sees nothing.
    expect(entryKey).toBeDefined();
    expect(rootKey).toBeDefined();
    expect(routeKeys.filter(isAdmin).length).toBeGreaterThan(0);
    expect(routeKeys.filter((key) => !isAdmin(key)).length).toBeGreaterThan(5);
    const everything = Object.values(chunkModules).flatMap((modules) => Object.keys(modules));
    expect(everything.some((id) => id.includes('node_modules/react-dom/'))).toBe(true);
    expect(everything.some((id) => /^app\/routes\/admin/.test(id))).toBe(true);
  });

  it.each(routeKeys.filter((key) => !isAdmin(key)).map((key) => [sourceOf(key), key]))(
    '%s loads no admin code and no back-office library first',
    (_source, key) => {
      const files = firstLoad(key, firstLoad(rootKey!, firstLoad(entryKey!)));
      const offending = [...files].flatMap((file) =>
        Object.keys(chunkModules[file] ?? {})
          .filter((id) => FORBIDDEN.some((pattern) => pattern.test(id)))
          .map((id) => `${file}: ${id}`),
      );
      expect(offending).toEqual([]);
    },
  );

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
