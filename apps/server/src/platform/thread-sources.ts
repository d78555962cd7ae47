import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * From the TypeScript sources (tests, `npm run dev`) a thread's entry is bundled by esbuild once per process, as
 * apps/server/build.mjs bundles it for dist/. Starting each thread through tsx instead compiled its whole import
 * graph in the thread (4 s idle, 15–19 s on a loaded two-core machine, per thread). The built server never loads
 * this file: its threads start from the entries the build emits.
 */
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
// Under apps/server so the bundle's npm imports (left external) resolve from node_modules as the sources' do.
const bundleDir = path.join(serverDir, '.thread-bundles');
const bundles = new Map<string, Promise<URL>>();

const bundle = async (entry: URL): Promise<URL> => {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'inline',
    packages: 'external',
    alias: { '@magiim/shared': path.join(serverDir, '../../packages/shared/src/index.ts') },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  // Named by content: processes bundling the same sources share one file, changed sources get a new one.
  const name = `${path.basename(entry.pathname, '.ts')}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  const file = path.join(bundleDir, name);
  if (!existsSync(file)) {
    mkdirSync(bundleDir, { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return pathToFileURL(file);
};

/** The runnable script of a `.ts` thread entry (bundled on first use in this process). */
export const threadScriptFromSources = (entry: URL): Promise<URL> => {
  let script = bundles.get(entry.href);
  if (!script) {
    script = bundle(entry);
    // A failed bundle is tried again by the next thread, not remembered.
    script.catch(() => bundles.delete(entry.href));
    bundles.set(entry.href, script);
  }
  return script;
};
