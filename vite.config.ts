import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// Every page needs React, the router and the header's icons, and the shop's small shared modules:
// a few files rather than a dozen tiny ones, each a round trip on a slow phone.
const browserChunks = [
  {
    name: 'framework',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|lucide-react)[\\/]|vite[\\/]preload-helper|rolldown[\\/]runtime/,
    priority: 20,
  },
  {
    name: 'shared',
    test: /[\\/]app[\\/](lib[\\/][^/\\]+\.ts$|components[\\/]catalogue[\\/](product-grid|product-card|pagination|filter-panel)\.tsx$)/,
    priority: 10,
  },
];

export default defineConfig(({ isSsrBuild }) => {
  return {
    resolve: { tsconfigPaths: true },
    // The custom server (Express) is the SSR entry, so it shares one module graph with the routes.
    build: isSsrBuild
      ? { rollupOptions: { input: './server/app.ts' } }
      : { rolldownOptions: { output: { codeSplitting: { groups: browserChunks } } } },
    ssr: { external: ['@electric-sql/pglite', 'sharp', 'pg', 'better-auth', 'pdfkit'] },
    plugins: [tailwindcss(), reactRouter()],
  };
});
