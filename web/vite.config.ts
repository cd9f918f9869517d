/**
 * The web client's build: root web/, output web/dist (served by the Fastify server on /, deep links falling back to
 * index.html). Vite 8 transforms TSX itself (oxc) with the automatic React runtime; no React plugin is needed.
 * In development /api, /ws and /payments are proxied to the API on http://127.0.0.1:3000.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

const root = fileURLToPath(new URL('.', import.meta.url));
// WEB_API points the dev and preview proxies at another API instance (default: the server's port 3000).
const api = process.env.WEB_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  base: '/',
  // public/ holds the lot photo placeholders the catalogue's demo lots point at (/images/placeholder-*.svg).
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  // Writes .br and .gz beside each compressible file of web/dist (web/scripts/precompress.ts).
  plugins: [precompress()],
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'react' },
  },
  // The client is written and type-checked against React's API; the browser runs it on Preact through
  // preact/compat, a 60 KB smaller entry (docs/decisions in web/README.md, "Preact under React's API").
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: true,
    assetsInlineLimit: 4096,
    reportCompressedSize: true,
    // dist/.vite/manifest.json: the server preloads a described page's own chunk from its HTML (infra/http/route-chunks.ts).
    manifest: true,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/ws': { target: api, ws: true, changeOrigin: true },
      // The payment provider's 3-D Secure page and the payment return route live on the server too.
      '/payments': { target: api, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/ws': { target: api, ws: true, changeOrigin: true },
      // The payment provider's 3-D Secure page and the payment return route live on the server too.
      '/payments': { target: api, changeOrigin: true },
    },
  },
});
