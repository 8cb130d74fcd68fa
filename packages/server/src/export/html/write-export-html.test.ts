import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cspHash, type ExportHighlighter, type ExportViewerAssets } from './export-viewer-assets';
import { EXPORT_DATA_IDS, writeExportHtml } from './write-export-html';
import { SAMPLE_SCRIPT_END_LINE, sampleExportDocument, sampleExportItems } from './test-support/export-sample';
import type { ExportItem as ExportHtmlItem } from '../export-document';

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
    const items = JSON.parse(block(html, EXPORT_DATA_IDS.items)) as ExportHtmlItem[];
    expect(items).toHaveLength(sampleExportItems().length);
    expect(JSON.stringify(items)).toContain(JSON.stringify(SAMPLE_SCRIPT_END_LINE));
    expect(html).not.toContain('<script><script>');
    expect(JSON.parse(block(html, EXPORT_DATA_IDS.header))).toMatchObject({ sessionId: 's-sample', workspace: '~/work/shop' });
  });

  it("carries each item's highlighting with it, and the style table after the items", async () => {
    const html = await written();
    const items = JSON.parse(block(html, EXPORT_DATA_IDS.items)) as (ExportHtmlItem & { highlights?: { key: string; lines: number[][] }[] })[];
    const read = items.find((item) => item.highlights !== undefined)!;
    expect(read.highlights).toEqual([{ key: 'read:5', lines: (read.view as { lines: { text: string }[] }).lines.map((line) => [line.text.length, 0]) }]);
    expect(items.filter((item) => item.highlights !== undefined)).toHaveLength(1);
    expect(JSON.parse(block(html, EXPORT_DATA_IDS.styles))).toEqual([['#CF222E', '#FF7B72', 0]]);
    expect(html.indexOf(EXPORT_DATA_IDS.styles)).toBeGreaterThan(html.indexOf(EXPORT_DATA_IDS.items));
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
