import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { pickTexts } from './src/login-lite/text-keys';

// React and the router: needed by every page and rarely changed, so long-cached chunks. React alone is its
// own chunk, shared by the SPA and the light sign-in page (login.html), which has no router; the router is
// the SPA's. Everything else (MUI, zod, forms) is left to rollup, which splits it by the pages that use it:
// a package-wide chunk would be loaded up front by every page.
const VENDOR_CHUNKS: [RegExp, string][] = [
  [/^(react|react-dom|scheduler)$/, 'react'],
  [/^(react-router|cookie|set-cookie-parser)$/, 'router'],
];

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

/**
 * `locales/<lang>.json?login`: only the texts the light sign-in page shows (src/login-lite/text-keys.ts), so
 * /login does not carry the texts of every account page. Vite's JSON plugin turns the picked JSON into a module.
 */
const LOGIN_TEXTS = /\.json\?login$/;
const loginTexts = (): Plugin => ({
  name: 'magiim-login-texts',
  enforce: 'pre',
  load(id) {
    if (!LOGIN_TEXTS.test(id)) return null;
    const file = id.slice(0, id.indexOf('?'));
    this.addWatchFile(file);
    return JSON.stringify(pickTexts(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>));
  },
});

/** `/login` and `/login/<lang>` are the light sign-in page (login.html), as the server answers them. */
const LOGIN_PAGE = /^\/login(?:\/[^/?#]*)?\/?(?=[?#]|$)/;
const servesLoginPage = (): Plugin => {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    if (req.url && LOGIN_PAGE.test(req.url)) req.url = `/login.html${req.url.slice(req.url.search(/[?#]|$/))}`;
    next();
  };
  return {
    name: 'magiim-login-page',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
};

/** What the API server answers in dev: the API, and the guest's server-rendered pages (APP_URL is Vite's port). */
const SERVER_PROXY = {
  '/api': { target: 'http://localhost:3000', changeOrigin: true },
  '^/(invite|invite-assets|navigate|preview)/': { target: 'http://localhost:3000', changeOrigin: true },
};

// The server serves dist/ with an SPA fallback; in development Vite proxies the API to it.
export default defineConfig({
  plugins: [react(), loginTexts(), servesLoginPage(), precompress()],
  // Only warnings and errors: the build is part of `npm start`, whose output a person reads.
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The largest chunk (the SPA's entry) is ~100 KB gzip and shared by every page; pages are split per route.
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // The SPA, and the sign-in page on its own: React and plain HTML, no MUI, router or zod (src/login-lite).
      input: { main: fileURLToPath(new URL('index.html', import.meta.url)), login: fileURLToPath(new URL('login.html', import.meta.url)) },
      onwarn(warning, warn) {
        // Dependencies ship `/*#__PURE__*/` comments in places rollup cannot use; harmless noise.
        if (warning.code === 'INVALID_ANNOTATION' || /contains an annotation that Rollup cannot interpret/.test(warning.message)) return;
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /['"]use client['"]/.test(warning.message)) return;
        warn(warning);
      },
      output: {
        manualChunks(id) {
          const name = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1]?.replace('\\', '/');
          return name ? VENDOR_CHUNKS.find(([pattern]) => pattern.test(name))?.[1] : undefined;
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
