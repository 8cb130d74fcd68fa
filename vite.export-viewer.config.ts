import { fileURLToPath } from 'node:url';
import { build, type InlineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The exported HTML file's viewer (docs/decisions/0024-html-export-viewer.md), built in two parts
 * into dist/export-viewer/, where the server's HTML writer finds them:
 * - `export-viewer.js` + `export-viewer.css`: the page, ONE script and ONE stylesheet (every
 *   lazy card inlined), which the writer inlines in each file. Its highlight source is the
 *   precomputed one: highlight-client.ts resolves to export-viewer/precomputed-highlight-client.ts,
 *   so neither the worker nor Shiki nor a grammar is in it.
 * - `node/precompute-highlights.mjs` (+ a chunk per grammar): the app's highlighter for Node,
 *   everything bundled (the installed package has no Shiki beside it), which the writer runs on
 *   each result as it writes the file.
 */
const WEB_ROOT = fileURLToPath(new URL('apps/web', import.meta.url));
const OUT_DIR = fileURLToPath(new URL('dist/export-viewer', import.meta.url));
const HIGHLIGHT_CLIENT = fileURLToPath(new URL('apps/web/src/highlight/highlight-client.ts', import.meta.url));
const PRECOMPUTED_CLIENT = fileURLToPath(new URL('apps/web/src/export-viewer/precomputed-highlight-client.ts', import.meta.url));

function precomputedHighlightSource(): Plugin {
  return {
    name: 'export-viewer-precomputed-highlights',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!/highlight-client(\.ts)?$/.test(source) || importer === undefined) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === HIGHLIGHT_CLIENT ? PRECOMPUTED_CLIENT : null;
    },
  };
}

export const exportViewerPageConfig: InlineConfig = {
  configFile: false,
  root: WEB_ROOT,
  publicDir: false,
  logLevel: 'warn',
  plugins: [precomputedHighlightSource(), react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: false,
    assetsInlineLimit: Number.MAX_SAFE_INTEGER,
    chunkSizeWarningLimit: 4000,
    lib: {
      entry: 'src/export-viewer/export-viewer-main.tsx',
      formats: ['iife'],
      name: 'toolcardsExportViewer',
      fileName: () => 'export-viewer.js',
      cssFileName: 'export-viewer',
    },
  },
};

export const exportViewerNodeConfig: InlineConfig = {
  configFile: false,
  root: WEB_ROOT,
  publicDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: `${OUT_DIR}/node`,
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    ssr: 'src/export-viewer/precompute-highlights.ts',
    chunkSizeWarningLimit: 4000,
    rolldownOptions: { output: { entryFileNames: 'precompute-highlights.mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' } },
  },
};

export async function buildExportViewer(): Promise<void> {
  await build(exportViewerPageConfig);
  await build(exportViewerNodeConfig);
}

/**
 * Added to the app's build (vite.config.ts): every `vite build` of the app builds the export
 * viewer after it, so `npm run build`, the e2e build and the package all have it.
 */
export function exportViewerAfterBuild(): Plugin {
  let building = false;
  return {
    name: 'export-viewer-after-build',
    apply: 'build',
    configResolved(config) {
      // Only the app's own build (dist/client), not Storybook's, which reads this config too.
      building = config.build.outDir.replace(/\\/g, '/').endsWith('dist/client');
    },
    async closeBundle() {
      if (building) await buildExportViewer();
    },
  };
}
