import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client lives in apps/web; static assets in public/; the build goes to dist/client at the
// repository root, where the server serves it from (the checkout's and the package's dist/).
export default defineConfig({
  root: 'apps/web',
  publicDir: '../../public',
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
  server: { host: '127.0.0.1' },
});
