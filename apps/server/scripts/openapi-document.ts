import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/env.js';

export const OPENAPI_FILE = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'openapi.json');

/** The OpenAPI document as the running app generates it from the shared zod schemas. */
export const generateOpenApiDocument = async (): Promise<string> => {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'magiim-openapi-')),
    LOG_LEVEL: 'silent',
    GOOGLE_CLIENT_ID: 'documented',
  });
  const { app, close } = await buildApp(config, { logger: false, worker: false });
  try {
    await app.ready();
    // The dev mailbox is a development tool, not part of the contract.
    const document = app.swagger() as { paths: Record<string, unknown> };
    delete document.paths['/dev/mailbox'];
    return `${JSON.stringify(document, null, 2)}\n`;
  } finally {
    await close();
  }
};
