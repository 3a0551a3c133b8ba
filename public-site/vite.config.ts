import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const api = process.env.API_PROXY_TARGET ?? 'http://localhost:4000';
const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Prerender build only: every `import('...')` in src records the module it loads (as its key in the
 * client build's manifest) in globalThis.__prerenderModules, so that scripts/prerender.mjs can give
 * each prerendered page the stylesheets and module preloads of exactly the chunks it rendered
 * ('deferred:' before the key of a data part's module: its styles, not its scripts).
 */
function recordDynamicImports(): Plugin {
  return {
    name: 'record-dynamic-imports',
    async transform(code, id) {
      if (!id.startsWith(path.join(root, 'src')) || !/\.tsx?$/.test(id)) return null;
      let out = '';
      let last = 0;
      for (const match of code.matchAll(/\bimport\(\s*(['"])([^'"]+)\1\s*\)/g)) {
        const resolved = await this.resolve(match[2], id);
        if (!resolved) continue;
        const key = JSON.stringify(path.relative(root, resolved.id).split(path.sep).join('/'));
        // An import made for a 'when-wanted' part (rendering/lazy-part.tsx counts them) is recorded as deferred.
        out += `${code.slice(last, match.index)}(globalThis.__prerenderModules?.add((globalThis.__prerenderDeferred ? 'deferred:' : '') + ${key}), ${match[0]})`;
        last = match.index + match[0].length;
      }
      return last ? { code: out + code.slice(last), map: null } : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [recordDynamicImports()] : [])],
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
  build: isSsrBuild
    ? { outDir: 'dist-ssr', target: 'node20', sourcemap: false, copyPublicDir: false }
    : {
        outDir: 'dist',
        // dist/.vite/manifest.json: the chunk graph that scripts/check-budgets.mjs and
        // scripts/prerender.mjs read (never served).
        manifest: true,
        target: 'es2022',
        // Keep assets as files (no data: URIs) so a strict CSP needs no exceptions.
        assetsInlineLimit: 0,
        sourcemap: false,
        // PROFILE_BUILD=1: readable function names in a CPU profile (never for production).
        ...(process.env.PROFILE_BUILD ? { minify: false } : {}),
      },
}));
