import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EXPORT_DATA_IDS, type ExportHighlighter, type ExportItem as ExportHtmlItem } from '@toolcards/protocol';
import { cspHash, type ExportViewerAssets } from './export-viewer-assets';
import { ITEMS_PER_BLOCK, writeExportHtml } from './write-export-html';
import { SAMPLE_SCRIPT_END_LINE, sampleExportDocument, sampleExportItems } from './test-support/export-sample';

// A small viewer stands in for the built one (dist/export-viewer is built after the unit tests
// run in CI, and no package imports the web app's source): its highlighter gives each read one
// window, the whole line in style 0 (the real one is tested in apps/web/src/export-viewer/, and
// drawn by e2e/export.spec.ts).
const script = 'document.body.dataset.viewer = "ran";';
const style = 'body { margin: 0; }';
function lineHighlighter(): ExportHighlighter {
  return {
    windowsFor: (view) => {
      const read = view as { card?: string; lines?: { text: string }[] };
      return Promise.resolve(read.card === 'read' && read.lines ? [{ key: `read:${read.lines.length}`, lines: read.lines.map((line) => [line.text.length, 0]) }] : []);
    },
    windowsForMessage: (text) => Promise.resolve(text.includes('```') ? [{ key: 'message', lines: [[text.length, 0]] }] : []),
    styles: () => [['#CF222E', '#FF7B72', 0]],
  };
}
const viewer: ExportViewerAssets = { script, style, scriptHash: cspHash(script), styleHash: cspHash(style), createHighlighter: lineHighlighter };

async function written(items?: ExportHtmlItem[]): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeExportHtml(sampleExportDocument(items), out, { viewer });
  out.end();
  return Buffer.concat(chunks).toString('utf8');
}

/** Every items block's items, in order. */
type WrittenItem = ExportHtmlItem & { highlights?: { key: string; lines: number[][] }[] };

function allItems(html: string): WrittenItem[] {
  const items: WrittenItem[] = [];
  for (let index = 0; html.includes(`id="${EXPORT_DATA_IDS.itemsPrefix}${index}"`); index += 1) items.push(...(JSON.parse(block(html, `${EXPORT_DATA_IDS.itemsPrefix}${index}`)) as WrittenItem[]));
  return items;
}

function block(html: string, id: string): string {
  const start = html.indexOf(`id="${id}">`);
  expect(start).toBeGreaterThan(0);
  const from = start + id.length + 6;
  return html.slice(from, html.indexOf('</script>', from));
}

describe('writeExportHtml', () => {
  it('allows nothing but its own inline script and style (CSP default-src none, their sha256 hashes)', async () => {
    const html = await written();
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    expect(csp).toContain("default-src 'none'");
    const inlineScript = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
    const inlineStyle = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(inlineScript).toBe(script);
    expect(csp).toContain(`script-src ${cspHash(inlineScript!)}`);
    expect(csp).toContain(`style-src ${cspHash(inlineStyle!)}`);
    // Nothing the browser would fetch: no linked file, no source, no external URL in an attribute.
    expect(html).not.toMatch(/<link|\ssrc=|url\(|sourceMappingURL/i);
    // The CSP comes before anything it governs.
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<style>'));
  });

  it("keeps a file's </script> inside its JSON block: every item reads back whole", async () => {
    const html = await written();
    const items = allItems(html);
    expect(items).toHaveLength(sampleExportItems().length);
    expect(JSON.stringify(items)).toContain(JSON.stringify(SAMPLE_SCRIPT_END_LINE));
    expect(html).not.toContain('<script><script>');
    expect(JSON.parse(block(html, EXPORT_DATA_IDS.header))).toMatchObject({ sessionId: 's-sample', workspace: '~/work/shop' });
  });

  it("carries each item's highlighting with it, and the style table after the items", async () => {
    const html = await written();
    const items = allItems(html);
    const read = items.find((item) => item.highlights !== undefined)!;
    expect(read.highlights).toEqual([{ key: 'read:5', lines: (read.view as { lines: { text: string }[] }).lines.map((line) => [line.text.length, 0]) }]);
    // The assistant message's fence too.
    expect(items.filter((item) => item.highlights !== undefined).map((item) => item.event.type)).toEqual(['tool/result', 'assistant/text']);
    expect(JSON.parse(block(html, `${EXPORT_DATA_IDS.stylesPrefix}0`))).toEqual([['#CF222E', '#FF7B72', 0]]);
    expect(html.indexOf(`${EXPORT_DATA_IDS.stylesPrefix}0`)).toBeGreaterThan(html.indexOf(`${EXPORT_DATA_IDS.itemsPrefix}0`));
  });

  it('writes the items in blocks of ITEMS_PER_BLOCK (the viewer draws the first before it parses the rest), and one empty block for none', async () => {
    const sample = sampleExportItems();
    const many = Array.from({ length: ITEMS_PER_BLOCK * 2 + 50 }, (_, seq) => ({ ...sample[0]!, event: { ...sample[0]!.event, seq } }));
    const html = await written(many);
    expect(allItems(html).map((item) => item.event.seq)).toEqual(many.map((item) => item.event.seq));
    expect(JSON.parse(block(html, `${EXPORT_DATA_IDS.itemsPrefix}2`))).toHaveLength(50);
    expect(html).not.toContain(`${EXPORT_DATA_IDS.itemsPrefix}3`);
    // The page's script right after the first block (and its styles), before the second.
    const scriptAt = html.indexOf(`<script>${script}</script>`);
    expect(scriptAt).toBeGreaterThan(html.indexOf(`${EXPORT_DATA_IDS.stylesPrefix}0`));
    expect(scriptAt).toBeLessThan(html.indexOf(`${EXPORT_DATA_IDS.itemsPrefix}1`));
    // Later blocks bring only the styles no earlier block did (this stub has one, in block 0).
    expect(JSON.parse(block(html, `${EXPORT_DATA_IDS.stylesPrefix}1`))).toEqual([]);
    const empty = await written([]);
    expect(JSON.parse(block(empty, `${EXPORT_DATA_IDS.itemsPrefix}0`))).toEqual([]);
  });

  it('writes each item as it comes, before the document has given the next', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    const seenBeforeSecond: boolean[] = [];
    const items = sampleExportItems();
    const doc = {
      ...sampleExportDocument(),
      items: (async function* () {
        yield items[0]!;
        await new Promise((resolve) => setImmediate(resolve));
        seenBeforeSecond.push(text.includes('Why does the pricing round down?'));
        yield items[1]!;
      })(),
    };
    await writeExportHtml(doc, out, { viewer });
    expect(seenBeforeSecond).toEqual([true]);
  });

  it('rejects when the output fails mid-file', async () => {
    const out = new PassThrough({ highWaterMark: 16 });
    const writing = writeExportHtml(sampleExportDocument(), out, { viewer });
    out.destroy(new Error('disk full'));
    await expect(writing).rejects.toThrow();
  });
});
