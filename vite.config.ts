import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client lives in apps/web; static assets in public/; the server serves apps/web/dist.
export default defineConfig({
  root: 'apps/web',
  publicDir: '../../public',
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
  server: { host: '127.0.0.1' },
});
