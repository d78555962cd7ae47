import { createRequire } from 'node:module';

// The guest pages render with React on every request; React picks its build by NODE_ENV when first loaded, and
// ours says "development" whenever the dev mailbox is on. The production build renders about three times faster
// and prints no development warnings, so it is loaded first; everything later imports the same modules.
const require = createRequire(import.meta.url);
const mode = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
try {
  for (const id of ['react', 'react/jsx-runtime', 'react-dom/server']) require(id);
} finally {
  if (mode === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = mode;
}

await import('./server-main.js');
