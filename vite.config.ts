import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { tsconfigPaths: true },
  // The custom server (Express) is the SSR entry, so it shares one module graph with the routes.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' } } : undefined,
  ssr: { external: ['@electric-sql/pglite', 'sharp', 'pg', 'better-auth'] },
  plugins: [tailwindcss(), reactRouter()],
}));
