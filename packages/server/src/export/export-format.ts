import type { Writable } from 'node:stream';
import type { ExportDocument } from './export-document';
import { ExportError } from './export-error';
import { writeExportMarkdown } from './markdown/markdown-export';

export type ExportFormat = 'html' | 'md';

export function exportFormatOf(text: string | undefined): ExportFormat {
  if (text === undefined || text === 'html') return 'html';
  if (text === 'md' || text === 'markdown') return 'md';
  throw new ExportError('UNKNOWN_FORMAT', `unknown format ${JSON.stringify(text.slice(0, 40))}: use html or md`);
}

export function exportFileName(sessionId: string, format: ExportFormat): string {
  return `toolcards-${sessionId}.${format}`;
}

export function exportContentType(format: ExportFormat): string {
  return format === 'html' ? 'text/html; charset=utf-8' : 'text/markdown; charset=utf-8';
}

/** Writes the document in its format; the HTML writer is export/html's (loaded only for HTML). */
export async function writeExport(doc: ExportDocument, format: ExportFormat, out: Writable): Promise<void> {
  switch (format) {
    case 'md':
      return writeExportMarkdown(doc, out);
    case 'html': {
      const writer = await htmlWriter();
      return writer(doc, out);
    }
  }
}

type HtmlWriter = (doc: ExportDocument, out: Writable) => Promise<void>;

/** The self-contained HTML file is export/html's; loaded only for HTML (it brings the viewer and the highlighter). */
async function htmlWriter(): Promise<HtmlWriter> {
  const { writeExportHtml } = await import('./html/write-export-html');
  return (doc, out) => writeExportHtml(doc, out);
}
