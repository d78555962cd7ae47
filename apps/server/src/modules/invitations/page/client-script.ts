import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The enhancement script as served: its code and the content-hashed URL pages link to. */
export interface ClientScript {
  code: string;
  url: string;
  fileName: string;
}

export const CLIENT_SCRIPT_FILE = 'invite-enhance.js';
export const CLIENT_ASSETS_PATH = '/invite-assets';

/**
 * From the build, the server runs as dist/main.js and build.mjs wrote the script beside it. From source
 * (tsx, vitest) there is no such file: esbuild (a dev dependency) bundles it in memory, once, with the same
 * options as build.mjs.
 */
const builtFile = fileURLToPath(new URL(`./${CLIENT_SCRIPT_FILE}`, import.meta.url));
const sourceFile = fileURLToPath(new URL('../client/invite-enhance.ts', import.meta.url));

export const bundleClientScript = async (): Promise<string> => {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [sourceFile],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2020', 'safari14'],
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('the invitation script did not build');
  return output.text;
};

let loading: Promise<ClientScript> | undefined;

export const loadClientScript = (): Promise<ClientScript> => {
  loading ??= (async () => {
    const code = existsSync(builtFile) ? await readFile(builtFile, 'utf8') : await bundleClientScript();
    const hash = createHash('sha256').update(code).digest('base64url').slice(0, 12);
    const fileName = `enhance.${hash}.js`;
    return { code, fileName, url: `${CLIENT_ASSETS_PATH}/${fileName}` };
  })();
  return loading;
};
