import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { namesImportedFrom, planChunkGroups, type ChunkGroup } from './src/build/first-screen-chunks';
import { FIRST_SCREEN_FEATURES } from './src/i18n/first-screen-features';
import { pickTexts } from './src/login-lite/text-keys';

// React and the router: needed by every page and rarely changed, so long-cached chunks. React alone is its
// own chunk, shared by the SPA and the light sign-in page (login.html), which has no router; the router is
// the SPA's. Everything else (MUI, zod, forms) is left to rollup, which splits it by the pages that use it:
// a package-wide chunk would be loaded up front by every page.
const VENDOR_CHUNKS: [RegExp, string][] = [
  [/^(react|react-dom|scheduler)$/, 'react'],
  [/^(react-router|cookie|set-cookie-parser)$/, 'router'],
];

// The groups of src/build/first-screen-chunks.ts: the two entries, the app's start, the signed-in host's first
// screens (the modules they render from), and the pages a visitor opens without an account (router lazy imports).
const SIGNED_IN_ROOTS = [/src\/app\/first-screen\/seed-queries\.ts$/];
/** The Hebrew texts a first screen shows, which it waits for (app/i18n.ts ensureFirstScreenTexts). */
const textsOf = (screen: keyof typeof FIRST_SCREEN_FEATURES) =>
  new RegExp(`src\\/i18n\\/features\\/(${FIRST_SCREEN_FEATURES[screen].join('|')})\\.he\\.json$`);
/** Each screen's own frame and page: what only one of them uses goes to that screen's file. */
const EVENT_LIST_ROOTS = [/src\/app\/layouts\/manage-events-layout\.tsx$/, /src\/features\/events\/pages\/manage-events-page\.tsx$/, textsOf('eventList')];
const DASHBOARD_ROOTS = [/src\/features\/events\/pages\/event-layout\.tsx$/, /src\/features\/statistics\/pages\/statistics-page\.tsx$/, textsOf('dashboard')];
const APP_START = /src\/app\/start\.tsx$/;
/** The answer checks the first screens load after paint (src/app/response-schemas.ts): one file. */
const RESPONSE_CHECKS = /src\/app\/response-schemas\.ts$/;
const ROUTER = /src\/app\/router\.tsx$/;
const PUBLIC_PAGES = /src\/(features\/(auth|errors|legal|dev-mailbox)\/pages\/[\w-]+|app\/layouts\/blank-layout)\.tsx$/;
/** Another language's core and feature texts: one file, loaded together on first use (i18n/locale-resources.ts). */
const LANGUAGE_TEXTS = /src\/i18n\/(?:locales|features\/[\w-]+)[./](en|ru|ar)\.json$/;
/** packages/shared's index re-exports every file; a module needs only the files whose names it imports. */
const SHARED_PACKAGE = '@magiim/shared';
/** The Hebrew texts of the other feature screens: one file, loaded right after the first screen's (app/i18n.ts). */
const HEBREW_FEATURE_TEXTS = /src\/i18n\/features\/[\w-]+\.he\.json$/;
const SHARED_INDEX = /packages\/shared\/src\/index\.ts$/;

interface ModuleInfo {
  isEntry: boolean;
  code: string | null;
  exports: string[] | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}
interface ModuleGraph {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => ModuleInfo | null;
}

let planned: { size: number; plan: Map<string, ChunkGroup> } | undefined;
const chunkGroupOf = (id: string, graph: ModuleGraph): ChunkGroup | undefined => {
  const ids = [...graph.getModuleIds()];
  if (planned?.size !== ids.length) {
    const info = (m: string) => graph.getModuleInfo(m);
    const importsOf = (m: string): readonly string[] => {
      const module = info(m);
      return (module?.importedIds ?? []).flatMap((dependency) => {
        if (!SHARED_INDEX.test(dependency)) return [dependency];
        const names = namesImportedFrom(module?.code ?? '', SHARED_PACKAGE);
        const files = info(dependency)?.importedIds ?? [];
        return names ? files.filter((file) => info(file)?.exports?.some((name) => names.has(name))) : files;
      });
    };
    const router = ids.find((m) => ROUTER.test(m));
    planned = {
      size: ids.length,
      plan: planChunkGroups(
        {
          login: ids.filter((m) => info(m)?.isEntry && path.basename(m) === 'login.html'),
          entry: ids.filter((m) => info(m)?.isEntry && path.basename(m) === 'index.html'),
          app: ids.filter((m) => APP_START.test(m)),
          signedIn: ids.filter((m) => SIGNED_IN_ROOTS.some((root) => root.test(m))),
          eventList: ids.filter((m) => EVENT_LIST_ROOTS.some((root) => root.test(m))),
          dashboard: ids.filter((m) => DASHBOARD_ROOTS.some((root) => root.test(m))),
          publicPages: router ? (info(router)?.dynamicallyImportedIds ?? []).filter((m) => PUBLIC_PAGES.test(m)) : [],
          checks: ids.filter((m) => RESPONSE_CHECKS.test(m)),
        },
        importsOf,
      ),
    };
  }
  return planned.plan.get(id);
};

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

/**
 * The SPA's entry (src/main.tsx) is small so that it runs early and asks for the first screen's data and code; it
 * loads the app (src/app/start.tsx) with a dynamic import. index.html names the app's chunks up front
 * (`modulepreload`), so they download beside the entry instead of after it.
 */
const preloadAppStart = (): Plugin => {
  let base = '/';
  return {
    name: 'magiim-preload-app-start',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, filename }) {
        if (!bundle || path.basename(filename) !== 'index.html') return html;
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const start = chunks.find((chunk) => chunk.moduleIds.some((id) => APP_START.test(id)));
        if (!start) throw new Error('the app start chunk (src/app/start.tsx) is missing from the build');
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) add(imported);
        };
        add(start.fileName);
        return [...files]
          .filter((file) => !html.includes(`${base}${file}"`))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' as const }));
      },
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
  plugins: [react(), loginTexts(), servesLoginPage(), preloadAppStart(), precompress()],
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
        // Only the modules named below go to a named chunk; their dependencies stay where rollup puts them.
        onlyExplicitManualChunks: true,
        manualChunks(id, graph) {
          const name = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1]?.replace('\\', '/');
          const vendor = name ? VENDOR_CHUNKS.find(([pattern]) => pattern.test(name))?.[1] : undefined;
          // Rollup's CommonJS helpers serve React's files above all: they go with React, so React imports no other chunk.
          if (id.startsWith('\0commonjsHelpers')) return 'react';
          const group = chunkGroupOf(id, graph);
          const lang = LANGUAGE_TEXTS.exec(id)?.[1] ?? (HEBREW_FEATURE_TEXTS.test(id) && !group ? 'he' : undefined);
          return vendor ?? (lang ? `texts-${lang}` : group);
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
