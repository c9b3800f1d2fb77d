import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The console's build: `npm run build:console` (run by `prepare`, so by npm install and npm ci)
// writes dist/console, which Lectern serves under /console (src/modules/console/console.static.ts).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    // No inline scripts or eval: the console runs under a strict Content-Security-Policy.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 400,
  },
});
