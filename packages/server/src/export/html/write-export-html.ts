import type { Writable } from 'node:stream';
import { EXPORT_DATA_IDS } from '@toolcards/protocol';
import { exportViewerAssets, type ExportViewerAssets } from './export-viewer-assets';
import type { ExportDocument } from '../export-document';
import { htmlText, scriptSafeJson } from './script-safe-text';

// The data blocks' ids are the file's (protocol's EXPORT_DATA_IDS): the header, then blocks of
// ITEMS_PER_BLOCK items, each followed by the styles its tokens bring, the page's script after
// the first (it draws the first screen while the browser parses the rest: one JSON.parse of a
// 3,000-call session's 15 MB at the end of the file took 0.2-0.6 s of the first screen).
export const ITEMS_PER_BLOCK = 200;

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
      `<script type="application/json" id="${EXPORT_DATA_IDS.header}">${scriptSafeJson(doc.header)}</script>\n`,
  );
  let written = 0;
  let blocks = 0;
  let stylesWritten = 0;
  const closeBlock = async () => {
    const styles = highlighter.styles();
    await write(
      `]</script>\n<script type="application/json" id="${EXPORT_DATA_IDS.stylesPrefix}${blocks}">${scriptSafeJson(styles.slice(stylesWritten))}</script>\n` +
        (blocks === 0 ? `<script>${viewer.script}</script>\n` : ''),
    );
    stylesWritten = styles.length;
    blocks += 1;
  };
  for await (const item of doc.items) {
    const highlights =
      item.view !== undefined ? await highlighter.windowsFor(item.view) : item.event.type === 'assistant/text' ? await highlighter.windowsForMessage(item.event.data.delta) : [];
    const entry = highlights.length === 0 ? item : { ...item, highlights };
    if (written > 0 && written % ITEMS_PER_BLOCK === 0) await closeBlock();
    const opening = written % ITEMS_PER_BLOCK === 0 ? `<script type="application/json" id="${EXPORT_DATA_IDS.itemsPrefix}${blocks}">[` : ',\n';
    await write(`${opening}${scriptSafeJson(entry)}`);
    written += 1;
  }
  if (written === 0) await write(`<script type="application/json" id="${EXPORT_DATA_IDS.itemsPrefix}0">[`);
  await closeBlock();
  await write('</body>\n</html>\n');
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
