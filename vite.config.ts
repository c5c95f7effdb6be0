import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/** Source files of the back office (tests/integration/bundle.test.ts keeps them off public pages). */
const ADMIN_SOURCE = /^app[\\/](routes[\\/]admin[^/\\]*|components[\\/]admin[\\/].*)$/;

/**
 * Where each lucide-react icon file (`icons/<name>.mjs`) is drawn: the files under app/ that
 * import it, split into the shop's and the back office's. Read from the sources because Rolldown
 * only sees that an icon is imported by lucide's index, not by whom.
 */
function iconUsers() {
  const index = readFileSync('node_modules/lucide-react/dist/esm/lucide-react.mjs', 'utf8');
  const fileOf = new Map<string, string>();
  for (const [, names, file] of index.matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([^']+)\.mjs'/g,
  ))
    for (const [, name] of names!.matchAll(/as (\w+)/g)) fileOf.set(name!, file!);
  const users = new Map<string, { shop: number; admin: number }>();
  for (const file of readdirSync('app', { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    const source = `app/${file}`;
    const text = readFileSync(source, 'utf8');
    for (const [, names] of text.matchAll(/import \{([^}]*)\} from 'lucide-react'/g))
      for (const name of names!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!)) {
        if (!name) continue;
        const icon = fileOf.get(name) ?? name;
        const count = users.get(icon) ?? { shop: 0, admin: 0 };
        count[ADMIN_SOURCE.test(source) ? 'admin' : 'shop']++;
        users.set(icon, count);
      }
  }
  return users;
}

// Every page needs React, the router and the header's icons, and the shop's small shared modules:
// a few files rather than a dozen tiny ones, each a round trip on a slow phone. The ids of Vite's
// preload helper and Rolldown's runtime are internal names, so package.json pins vite exactly.
function browserChunks() {
  const users = iconUsers();
  const icon = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([^/\\]+)\.mjs$/;
  const usersOf = (id: string) => users.get(icon.exec(id)?.[1] ?? '');
  // An icon that one file of the shop draws travels with that file's chunk (shared with the back
  // office when it draws it too): the cart's bin, the password field's eye and the orders' file
  // stay off the pages that do not draw them. The icons several files of the shop draw go to the
  // framework chunk, where its pages share them without a file of their own for each icon.
  const sharedShopIcon = (id: string) => (usersOf(id)?.shop ?? 0) > 1;
  return [
    {
      name: 'framework',
      // lucide's runtime and the icons several files draw, not only the back office (next group).
      test: (id: string) =>
        /node_modules[\\/]((react|react-dom|scheduler|react-router)[\\/]|lucide-react[\\/](?!dist[\\/]esm[\\/]icons[\\/]))|vite[\\/]preload-helper|rolldown[\\/]runtime/.test(
          id,
        ) || sharedShopIcon(id),
      priority: 20,
    },
    // The icons only the back office draws: one file its pages load, instead of one per icon.
    {
      name: 'admin-icons',
      test: (id: string) => usersOf(id)?.shop === 0,
      priority: 15,
    },
    {
      name: 'shared',
      // Not the modules only forms, the cart, the sign-in or the back office use (the form
      // pattern, money, attachments' rules, admin meta, a server action's call, an enquiry's contact, focus after a
      // removal, the page heading a closing dialog may focus, redirects), nor the catalogue's
      // filters and pages (next group): in this chunk every page would load them. The error page
      // is the root's (every page's), in a file of its own because the back office shows it too.
      test: /[\\/]app[\\/](lib[\\/](?!money|attachment|admin-meta|forms|use-form|client-action|enquiry-contact|use-focus-after-change|page-heading|safe-redirect)[^/\\]+\.ts$|components[\\/]catalogue[\\/](product-grid|product-card)\.tsx$|components[\\/]layout[\\/]error-page\.tsx$)/,
      priority: 10,
    },
    {
      // A server action's call and the focus after a change: the cart's, one file instead of two.
      name: 'actions',
      test: /[\\/]app[\\/]lib[\\/](client-action|use-focus-after-change)\.ts$/,
      priority: 10,
    },
    {
      // The form pattern and the field rules every form page loads together (sign-in, register,
      // the cart's enquiry, contact, the back office): one file instead of four small ones.
      name: 'forms',
      test: /[\\/]app[\\/](lib[\\/](forms|use-form|schemas[\\/](email|phone))\.ts|components[\\/]ui[\\/]field\.tsx)$/,
      priority: 10,
    },
    {
      // What /shop needs besides the product grid, and the back office's lists their pages: one
      // file, not one per module (the filter dialog, loaded on a tap, shares the filter panel).
      name: 'catalogue',
      test: /[\\/]app[\\/]components[\\/]catalogue[\\/](pagination|filter-panel)\.tsx$/,
      priority: 10,
    },
  ];
}

/**
 * Writes build/client/.vite/chunk-modules.json: for every browser chunk, the source modules in it
 * and their rendered sizes. Vite's manifest says which chunks a page loads but not what is inside
 * a shared chunk; tests/integration/bundle.test.ts needs both to prove that no public page loads
 * admin code, and it shows what the framework chunk costs.
 */
function chunkModules(): Plugin {
  return {
    name: 'fieldhouse:chunk-modules',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const root = process.cwd() + '/';
      const chunks: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, module]) => [
            id.replace(root, '').replace(/\0/g, ''),
            module.renderedLength,
          ]),
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}

const brotli = promisify(brotliCompress);

/**
 * Writes a Brotli copy (quality 11) next to every browser script and stylesheet, which
 * scripts/start.mjs serves to browsers that accept it. Quality 11 is too slow to run per request
 * (the server compresses other responses at 4) but makes the framework chunk 14% smaller: about
 * 16 KiB less on every page's first load.
 */
function precompress(): Plugin {
  return {
    name: 'fieldhouse:precompress',
    applyToEnvironment: (environment) => environment.name === 'client',
    // After the files are written: Vite still rewrites chunks in generateBundle (its preload
    // helper's placeholders), so an earlier copy would differ from the file it stands for.
    async writeBundle(options, bundle) {
      await Promise.all(
        Object.values(bundle)
          .filter((output) => /\.(js|css)$/.test(output.fileName))
          .map(async (output) => {
            const file = path.join(options.dir!, output.fileName);
            const compressed = await brotli(await readFile(file), {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
            });
            await writeFile(`${file}.br`, compressed);
          }),
      );
    },
  };
}

/**
 * React Router's package exports point every condition at its development build (warnings on,
 * slower: remix-run/react-router#14102), so a production build names the production files itself.
 * The server bundles React Router and the two adapters that import it, so one production copy
 * serves them all (an external adapter would load the development copy beside it). A profile of
 * a signed-in /shop render put React Router at 9% of the server's CPU.
 */
const REACT_ROUTER_PRODUCTION = [
  {
    find: /^react-router$/,
    replacement: path.resolve('node_modules/react-router/dist/production/index.mjs'),
  },
  {
    find: /^react-router\/dom$/,
    replacement: path.resolve('node_modules/react-router/dist/production/dom-export.mjs'),
  },
];

export default defineConfig(({ command, isSsrBuild }) => {
  const production = command === 'build';
  return {
    resolve: {
      tsconfigPaths: true,
      alias: production ? REACT_ROUTER_PRODUCTION : [],
    },
    // The custom server (Express) is the SSR entry, so it shares one module graph with the routes.
    build: isSsrBuild
      ? { rollupOptions: { input: './server/app.ts' } }
      : {
          // Kept (React Router deletes it otherwise) so tests/integration/bundle.test.ts can check
          // what each public page loads first. Under build/client/.vite, which the server does not
          // serve (express.static ignores dot folders).
          manifest: true,
          rolldownOptions: { output: { codeSplitting: { groups: browserChunks() } } },
        },
    ssr: {
      external: ['@electric-sql/pglite', 'sharp', 'pg', 'better-auth', 'pdfkit'],
      noExternal: production ? ['react-router', '@react-router/node', '@react-router/express'] : [],
    },
    plugins: [tailwindcss(), reactRouter(), chunkModules(), precompress()],
  };
});
