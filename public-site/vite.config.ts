import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const api = process.env.API_PROXY_TARGET ?? 'http://localhost:4000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': api,
      '/api': api,
      '/uploads': api,
    },
  },
  preview: {
    port: 3000,
    proxy: {
      '/graphql': api,
      '/api': api,
      '/uploads': api,
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the chunk graph that scripts/check-budgets.mjs checks (never served).
    manifest: true,
    target: 'es2022',
    // Keep assets as files (no data: URIs) so a strict CSP needs no exceptions.
    assetsInlineLimit: 0,
    sourcemap: false,
  },
});
