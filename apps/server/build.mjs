// Bundles the server (with @magiim/shared) into dist/; npm packages stay external and load from node_modules.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/main.ts',
    'server-main': 'src/server-main.ts',
    worker: 'src/worker.ts',
    // Worker threads start from these (platform/threads.ts): guest sheets read and written, HEIC decoded.
    'guest-sheet-read-thread': 'src/modules/guests/guest-sheet-read-thread.ts',
    'guest-sheet-write-thread': 'src/modules/guests/guest-sheet-write-thread.ts',
    'heic-decode-thread': 'src/modules/event-images/heic-decode-thread.ts',
    'espeak-thread': 'src/providers/tts/espeak-thread.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  packages: 'external',
  // main.js loads React's production build before the server (server-main.js) imports it.
  external: ['./server-main.js'],
  alias: { '@magiim/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning',
});
// The guest page's enhancement script, beside main.js where the server looks for it (the same options as
// bundleClientScript in src/modules/invitations/page/client-script.ts, which builds it in memory from source).
await build({
  entryPoints: ['src/modules/invitations/client/invite-enhance.ts'],
  outfile: 'dist/invite-enhance.js',
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2020', 'safari14'],
  legalComments: 'none',
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
// The preview card's TrueType faces (card-fonts.ts looks for fonts/ beside the bundle).
cpSync('src/modules/invitations/preview-card/fonts', 'dist/fonts', { recursive: true });
