import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// React and the router: needed by every page and rarely changed, so one long-cached chunk. Everything else
// (MUI, zod, forms) is left to rollup, which splits it by the pages that use it: a package-wide chunk would
// be loaded up front by every page.
const REACT_CHUNK = /^(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)$/;

const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text file of the build, so the server sends
 * them as they are (`@fastify/static` preCompressed) instead of compressing on every request. Fonts
 * (woff2) and images are compressed already and are skipped.
 */
const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'magiim-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir).filter((f) => TEXT_FILE.test(f))) {
        const body = readFileSync(file);
        if (body.length < 512) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
};

/** What the API server answers in dev: the API, and the guest's server-rendered pages (APP_URL is Vite's port). */
const SERVER_PROXY = {
  '/api': { target: 'http://localhost:3000', changeOrigin: true },
  '^/(invite|invite-assets|navigate|preview)/': { target: 'http://localhost:3000', changeOrigin: true },
};

// The server serves dist/ with an SPA fallback; in development Vite proxies the API to it.
export default defineConfig({
  plugins: [react(), precompress()],
  // Only warnings and errors: the build is part of `npm start`, whose output a person reads.
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The largest chunk (React) is ~100 KB gzip and shared by every page; pages are split per route.
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      onwarn(warning, warn) {
        // Dependencies ship `/*#__PURE__*/` comments in places rollup cannot use; harmless noise.
        if (warning.code === 'INVALID_ANNOTATION' || /contains an annotation that Rollup cannot interpret/.test(warning.message)) return;
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /['"]use client['"]/.test(warning.message)) return;
        warn(warning);
      },
      output: {
        manualChunks(id) {
          const name = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1]?.replace('\\', '/');
          return name && REACT_CHUNK.test(name) ? 'react' : undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: SERVER_PROXY,
  },
  preview: {
    proxy: SERVER_PROXY,
  },
});
