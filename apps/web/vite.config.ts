import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

const declarationOnly = ['/node_modules/@rc-component/form/', '/node_modules/@rc-component/async-validator/'];

/** The API server of `npm run dev -w @helio/server`; override with HELIO_API_URL. */
const apiTarget = process.env.HELIO_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/bg': { target: apiTarget, changeOrigin: true },
      '/cml': { target: apiTarget, changeOrigin: true },
      '/openapi.json': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    // react-dom alone is ~200 kB before gzip; the login budget (250 kB gzipped) is what counts.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // These packages only declare things but their package.json files do not say so, so by
        // default every module they contain is kept (@helio/contracts says so itself). @rc-component/form:
        // antd's ConfigProvider imports one context from it, which kept the whole form engine and
        // its validator (~12 kB gzipped) in the login page.
        moduleSideEffects: (id) => (declarationOnly.some((dir) => id.includes(dir)) ? false : undefined),
      },
    },
  },
});
