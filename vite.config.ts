import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { exportViewerAfterBuild } from './vite.export-viewer.config';
import { preloadFetchedWithPage } from './vite.preload-fetched-with-page';
import { earlySocket } from './vite.early-socket';

interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[]; importers: readonly string[]; dynamicImporters: readonly string[] } | null;
}

/**
 * Names 'index' every module the page loads before first paint (the entry and its static imports,
 * transitively), so they ship as one chunk. Left alone, Rolldown splits the modules the lazy cards
 * share with the entry into common chunks the page loads anyway, and each file is compressed on
 * its own: ~2.5 kB more gzip. The lazy chunks import what they share from that one chunk.
 */
function firstPaintChunk() {
  let firstPaint: Set<string> | undefined;
  return (id: string, graph: ModuleGraph): string | null => {
    firstPaint ??= staticClosure(entriesAbove(id, graph), graph);
    return firstPaint.has(id) ? 'index' : null;
  };
}

/** The entries a module is reached from (the client has one: index.html). */
function entriesAbove(id: string, graph: ModuleGraph): string[] {
  const seen = new Set([id]);
  const entries: string[] = [];
  for (const current of seen) {
    const info = graph.getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry) entries.push(current);
    for (const importer of [...info.importers, ...info.dynamicImporters]) seen.add(importer);
  }
  return entries;
}

function staticClosure(roots: string[], graph: ModuleGraph): Set<string> {
  const closure = new Set(roots);
  for (const current of closure) for (const imported of graph.getModuleInfo(current)?.importedIds ?? []) closure.add(imported);
  return closure;
}

// The client lives in apps/web; static assets in public/; the build goes to dist/client at the
// repository root, where the server serves it from (the checkout's and the package's dist/).
export default defineConfig({
  root: 'apps/web',
  publicDir: '../../public',
  // The exported HTML file's viewer is built after the app (vite.export-viewer.config.ts).
  plugins: [react(), earlySocket(), preloadFetchedWithPage(), exportViewerAfterBuild()],
  worker: { format: 'es' },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    // Every browser the es2022 target reaches but Safari before 17 preloads modules itself; there the
    // lazy chunks still load, without the hint (the polyfill cost 0.25 kB gzip of the first paint).
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: firstPaintChunk(), debugName: 'first-paint' }] } } },
  },
  server: { host: '127.0.0.1' },
});
