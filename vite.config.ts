import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * Builds the image thread's module (app/services/media/image-worker.ts, which
 * encoder.server.ts starts in a worker thread) as build/server/image-worker.js: a chunk of its
 * own under a fixed name, where the server finds it (React Router names every entry index.js).
 */
function imageWorker(): Plugin {
  return {
    name: 'fieldhouse:image-worker',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    buildStart() {
      this.emitFile({
        type: 'chunk',
        id: './app/services/media/image-worker.ts',
        fileName: 'image-worker.js',
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

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { tsconfigPaths: true },
  // The custom server (Express) is the SSR entry, so it shares one module graph with the routes.
  build: isSsrBuild
    ? { rolldownOptions: { input: './server/app.ts' } }
    : {
        // Kept (React Router deletes it otherwise) so tests/integration/bundle.test.ts can check
        // what each public page loads first. Under build/client/.vite, which the server does not
        // serve (express.static ignores dot folders).
        manifest: true,
        // React, React DOM, the scheduler and React Router in one file every page loads, which
        // stays in browsers' caches across releases of the shop; icons and shared parts in one
        // file each; the rest is Rolldown's own splitting.
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
                },
                // Icons in one file rather than one file each: a page's first load otherwise
                // asks for a dozen files of a few hundred bytes, and on a slow phone's
                // connection each wave of six requests costs a round trip.
                { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
                // For the same reason, the small helpers, primitives, frame and catalogue parts that
                // several pages share travel together (form schemas stay with their forms, back-office
                // parts with the back office: tests/integration/bundle.test.ts checks both).
                {
                  name: 'shared',
                  test: /[\\/]app[\\/](lib[\\/][^\\/]+\.tsx?$|components[\\/](ui|layout|catalogue)[\\/])/,
                  minShareCount: 2,
                },
              ],
            },
          },
        },
      },
  ssr: {
    external: ['@electric-sql/pglite', 'sharp', 'pg', 'better-auth', 'pdfkit'],
  },
  plugins: [tailwindcss(), reactRouter(), chunkModules(), precompress(), imageWorker()],
}));
