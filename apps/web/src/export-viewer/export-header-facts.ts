import { assertNever } from '@toolcards/protocol';
import type { ExportFileHeader } from '@toolcards/protocol';

export interface ExportHeaderFacts {
  title: string;
  rows: [term: string, value: string][];
}

/** The header's words, from the export's header. Pure. */
export function exportHeaderFacts(header: ExportFileHeader): ExportHeaderFacts {
  const rows: [string, string][] = [
    ['Source', sourceName(header.source)],
    ['Workspace', header.workspace],
  ];
  if (header.startedAt !== undefined) rows.push(['Started', dateText(header.startedAt)]);
  if (header.endedAt !== undefined) rows.push(['Last event', dateText(header.endedAt)]);
  const cards = Object.entries(header.counts.byCard)
    .filter(([, count]) => count > 0)
    .map(([card, count]) => `${count.toLocaleString('en-US')} ${card}`)
    .join(', ');
  rows.push(['Events', `${header.counts.events.toLocaleString('en-US')} events, ${header.counts.calls.toLocaleString('en-US')} tool calls${cards ? ` (${cards})` : ''}`]);
  if (header.range && (header.range.from !== undefined || header.range.to !== undefined)) {
    rows.push(['Range', `cards from seq ${header.range.from ?? 'the start'} to ${header.range.to ?? 'the end'}`]);
  }
  const masked = header.masked.filter((entry) => entry.count > 0);
  rows.push(['Masked', masked.length === 0 ? 'nothing' : masked.map((entry) => `${entry.count} × ${entry.rule}`).join(', ')]);
  rows.push(['Exported by', `toolcards ${header.toolcardsVersion}`]);
  return { title: header.title ?? `Session ${header.sessionId}`, rows };
}

function sourceName(source: ExportFileHeader['source']): string {
  switch (source) {
    case 'toolcards':
      return 'toolcards session';
    case 'claude-code':
      return 'Claude Code transcript';
    case 'codex':
      return 'Codex rollout';
    default:
      return assertNever(source, 'export source');
  }
}

/** `2026-12-02 09:14 UTC`: the same words wherever the file is opened. */
function dateText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
