import type { Writable } from 'node:stream';
import type { SessionEvent, ToolCallView, ToolResultView } from '@toolcards/protocol';
import type { ExportFileHeader } from '@toolcards/protocol';
import type { ExportDocument } from '../export-document';
import { cardMarkdown, genericMarkdown } from './card-markdown';
import { escapedHtml, inlineCode, quoted } from './fences';

/**
 * Writes an export as GitHub-flavoured Markdown, item by item as they are read (each waits
 * for the stream to drain): a header, prompts as quotes, the model's text as is, each card
 * as card-markdown.ts writes it.
 */
export async function writeExportMarkdown(doc: ExportDocument, out: Writable): Promise<void> {
  await write(out, headerMarkdown(doc.header));
  const callTitles = new Map<string, string>();
  for await (const { event, view } of doc.items) {
    const text = itemMarkdown(event, view, callTitles);
    if (text !== '') await write(out, `${text}\n`);
  }
}

export function headerMarkdown(header: ExportFileHeader): string {
  const lines = [`# ${escapedHtml(header.title ?? `Session ${header.sessionId}`)}`, ''];
  const when = [header.startedAt, header.endedAt].filter((time) => time !== undefined).join(' – ');
  const cards = Object.entries(header.counts.byCard).map(([card, count]) => `${count} ${card}`).join(', ');
  lines.push(
    `- Source: ${SOURCE_NAMES[header.source]} · session ${inlineCode(header.sessionId)}`,
    `- Workspace: ${inlineCode(header.workspace)}`,
    ...(when ? [`- When: ${when}`] : []),
    `- ${header.counts.events} events, ${header.counts.calls} tool calls${cards ? ` (${cards})` : ''}`,
    ...(header.range ? [`- Events ${header.range.from} to ${header.range.to} only`] : []),
    `- Exported by toolcards ${header.toolcardsVersion}`,
  );
  if (header.stillBeingWritten) lines.push('', '> [!NOTE]', '> This session was still being written: this is what it held when it was exported.');
  if (header.masked.length > 0) lines.push('', `Masked before export: ${header.masked.map((entry) => `${entry.rule} (${entry.count})`).join(', ')}.`);
  return `${lines.join('\n')}\n\n---\n\n`;
}

const SOURCE_NAMES: Record<ExportFileHeader['source'], string> = { toolcards: 'toolcards', 'claude-code': 'Claude Code', codex: 'Codex' };

function itemMarkdown(event: SessionEvent, view: unknown, callTitles: Map<string, string>): string {
  switch (event.type) {
    case 'user/message':
      return quoted(event.data.text);
    case 'assistant/text':
      return event.data.delta.trim() === '' ? '' : `${event.data.delta.replace(/\n*$/, '')}\n`;
    case 'tool/call': {
      const title = (view as ToolCallView | undefined)?.title ?? event.data.name;
      callTitles.set(event.data.callId, title);
      return '';
    }
    case 'tool/result': {
      const title = callTitles.get(event.data.callId);
      callTitles.delete(event.data.callId);
      if (event.data.isError) {
        const message = event.data.error?.message ?? event.data.content.map((block) => block.text).join('\n');
        return genericMarkdown(`${title ?? event.data.callId} failed`, message);
      }
      if (view !== undefined) return cardMarkdown(view as ToolResultView, title);
      return genericMarkdown(title ?? 'Tool result', event.data.content.map((block) => block.text).join('\n'));
    }
    case 'turn/end':
      return event.data.reason === 'done' ? '' : `_The turn ended: ${event.data.reason}${event.data.error ? ` (${escapedHtml(event.data.error)})` : ''}._\n`;
  }
}

function write(out: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = out.write(text, (error) => (error ? reject(error) : undefined));
    if (ok) resolve();
    else out.once('drain', () => resolve());
  });
}

