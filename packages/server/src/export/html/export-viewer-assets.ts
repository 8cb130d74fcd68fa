import { createHash } from 'node:crypto';
import type { ExportHighlighter } from '@toolcards/protocol';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PACKAGE_ROOT } from '../../package/package-root';
import { scriptSafeJs, styleSafeCss } from './script-safe-text';

/** The viewer as the writer inlines it, with the CSP hashes of exactly that text. */
export interface ExportViewerAssets {
  script: string;
  style: string;
  scriptHash: string;
  styleHash: string;
  /** A new highlighter per file: its style table and the windows it gave are that file's. */
  createHighlighter(): ExportHighlighter;
}

export class ExportViewerMissingError extends Error {
  readonly code = 'EXPORT_VIEWER_NOT_BUILT';
  constructor(dir: string) {
    super(`The HTML export's viewer is not built (${join(dir, 'export-viewer.js')} is missing); run \`npm run build\` in the checkout.`);
    this.name = 'ExportViewerMissingError';
  }
}

/** dist/export-viewer of the toolcards package this code runs from (vite.export-viewer.config.ts builds it). */
export const DEFAULT_EXPORT_VIEWER_DIR = join(PACKAGE_ROOT?.dir ?? dirname(fileURLToPath(import.meta.url)), 'dist/export-viewer');

const loaded = new Map<string, Promise<ExportViewerAssets>>();

/** The viewer's files, read once per folder and kept (they change only with a new build). */
export function exportViewerAssets(dir: string = DEFAULT_EXPORT_VIEWER_DIR): Promise<ExportViewerAssets> {
  let assets = loaded.get(dir);
  if (!assets) {
    assets = readAssets(dir);
    loaded.set(dir, assets);
    assets.catch(() => loaded.delete(dir));
  }
  return assets;
}

async function readAssets(dir: string): Promise<ExportViewerAssets> {
  let js: string;
  let css: string;
  try {
    [js, css] = await Promise.all([readFile(join(dir, 'export-viewer.js'), 'utf8'), readFile(join(dir, 'export-viewer.css'), 'utf8')]);
  } catch {
    throw new ExportViewerMissingError(dir);
  }
  const module = (await import(pathToFileURL(join(dir, 'node/precompute-highlights.mjs')).href).catch(() => {
    throw new ExportViewerMissingError(dir);
  })) as { createExportHighlighter: () => ExportHighlighter };
  const script = scriptSafeJs(js);
  const style = styleSafeCss(css);
  return { script, style, scriptHash: cspHash(script), styleHash: cspHash(style), createHighlighter: module.createExportHighlighter };
}

/** A CSP source for an inline element's exact text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}
