import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
/** BENCH_DIAG=1: unminified, for reading CPU profiles — never for figures. */
const diagnostic = process.env.BENCH_DIAG === '1';

/**
 * The bench page (bench/web): the client's real cards, store and timeline, mounted from
 * fixtures. Production mode, the app's plugins and worker format; its own output folder,
 * so the production build in dist/client is never touched.
 */
export default defineConfig({
  root: path.join(benchDir, 'web'),
  publicDir: false,
  plugins: [react()],
  worker: { format: 'es' },
  logLevel: 'warn',
  build: {
    outDir: path.join(benchDir, '.out/web'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 5000,
    ...(diagnostic ? { minify: false } : {}),
  },
});
