import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Long-lived vendor chunks that change rarely, so a deploy of app code keeps them cached.
const CHUNK_OF_PACKAGE: [RegExp, string][] = [
  [/^(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)$/, 'react'],
  [
    /^(@mui\/.*|@emotion\/.*|stylis|stylis-plugin-rtl|cssjanus|@popperjs\/core|react-transition-group|dom-helpers|clsx|prop-types|react-is|hoist-non-react-statics|@babel\/runtime)$/,
    'mui',
  ],
];

// The server serves dist/ with an SPA fallback; in development Vite proxies the API to it.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        manualChunks(id) {
          const name = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1]?.replace('\\', '/');
          if (!name) return undefined;
          return CHUNK_OF_PACKAGE.find(([pattern]) => pattern.test(name))?.[1] ?? 'vendor';
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
});
