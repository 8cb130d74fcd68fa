import type { Writable } from 'node:stream';
import { exportViewerAssets, type ExportViewerAssets } from './export-viewer-assets';
import type { ExportDocument } from '../export-document';
import { htmlText, scriptSafeJson } from './script-safe-text';

/** The ids of the file's data blocks (apps/web/src/export-viewer/export-file-data.ts reads them). */
export const EXPORT_DATA_IDS = { header: 'tc-export-header', items: 'tc-export-items', styles: 'tc-export-styles' } as const;

export interface WriteExportHtmlOptions {
  /** The viewer to inline: the built one (dist/export-viewer) unless a test gives its own. */
  viewer?: ExportViewerAssets;
}

/**
 * One self-contained HTML file of an export: the viewer's script and stylesheet inline, a CSP
 * allowing exactly those two (`default-src 'none'`: no request of any kind), the header and
 * the items as JSON blocks (data, never run), each item with the highlighting its card asks for,
 * computed here. Streamed: each item is written as it comes, the writer waits for a full `out`.
 * The document is already masked; nothing is added to it but the viewer.
 */
export async function writeExportHtml(doc: ExportDocument, out: Writable, options: WriteExportHtmlOptions = {}): Promise<void> {
  const viewer = options.viewer ?? (await exportViewerAssets());
  const highlighter = viewer.createHighlighter();
  const write = writerOf(out);
  const csp = `default-src 'none'; script-src ${viewer.scriptHash}; style-src ${viewer.styleHash}; base-uri 'none'; form-action 'none'`;
  const title = doc.header.title ?? `Session ${doc.header.sessionId}`;
  await write(
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
      `<meta http-equiv="Content-Security-Policy" content="${htmlText(csp)}">\n` +
      '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
      '<meta name="referrer" content="no-referrer">\n' +
      `<meta name="generator" content="toolcards ${htmlText(doc.header.toolcardsVersion)}">\n` +
      `<title>${htmlText(`${title} — toolcards export`)}</title>\n` +
      `<style>${viewer.style}</style>\n</head>\n<body>\n<div id="root"></div>\n` +
      `<script type="application/json" id="${EXPORT_DATA_IDS.header}">${scriptSafeJson(doc.header)}</script>\n` +
      `<script type="application/json" id="${EXPORT_DATA_IDS.items}">[`,
  );
  let first = true;
  for await (const item of doc.items) {
    const highlights = item.view === undefined ? [] : await highlighter.windowsFor(item.view);
    const entry = highlights.length === 0 ? item : { ...item, highlights };
    await write(`${first ? '' : ',\n'}${scriptSafeJson(entry)}`);
    first = false;
  }
  await write(
    `]</script>\n<script type="application/json" id="${EXPORT_DATA_IDS.styles}">${scriptSafeJson(highlighter.styles())}</script>\n` +
      `<script>${viewer.script}</script>\n</body>\n</html>\n`,
  );
}

/** Writes to `out`, waiting for 'drain' when it asks to; an error on `out` rejects. */
function writerOf(out: Writable): (chunk: string) => Promise<void> {
  return (chunk) =>
    new Promise<void>((resolve, reject) => {
      if (out.destroyed || out.writableEnded) {
        reject(new Error('The export output was closed before the file was written.'));
        return;
      }
      const onError = (error: Error) => reject(error);
      out.once('error', onError);
      const fits = out.write(chunk, (error) => {
        if (error) reject(error);
      });
      if (fits) {
        out.off('error', onError);
        resolve();
      } else {
        out.once('drain', () => {
          out.off('error', onError);
          resolve();
        });
      }
    });
}
