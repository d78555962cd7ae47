// Starts a worker thread from the TypeScript sources (tests, `npm run dev`): tsx compiles its entry inside the
// thread. The built server starts the entries esbuild emits beside its bundle and never loads this file.
import { workerData } from 'node:worker_threads';

const { tsImport } = await import('tsx/esm/api');
await tsImport(workerData.entry, import.meta.url);
