import type { SessionEvent } from '@toolcards/protocol';
import type { EncodedWindow, ExportStyle } from './export-highlights';

/**
 * What an exported HTML file carries, in its `<script type="application/json">` blocks
 * (written by packages/server/src/export/html/): the export's header, the items (the
 * same event + view pairs the socket's history sends, masked), each with the highlighting
 * its card will ask for, and the style table those tokens index.
 */
export interface ExportFileHeader {
  toolcardsVersion: string;
  source: 'toolcards' | 'claude-code' | 'codex';
  sessionId: string;
  title?: string;
  workspace: string;
  startedAt?: string;
  endedAt?: string;
  counts: { events: number; calls: number; byCard: Record<string, number> };
  range?: { from?: number; to?: number };
  stillBeingWritten: boolean;
  masked: { rule: string; count: number }[];
}

export interface ExportFileItem {
  event: SessionEvent;
  view?: unknown;
  highlights?: EncodedWindow[];
}

export interface ExportFileData {
  header: ExportFileHeader;
  items: ExportFileItem[];
  styles: ExportStyle[];
}

/** The ids of the file's data blocks: the writer and the viewer use these names. */
export const EXPORT_DATA_IDS = { header: 'tc-export-header', items: 'tc-export-items', styles: 'tc-export-styles' } as const;

export class ExportFileError extends Error {
  constructor(readonly code: 'EXPORT_DATA_MISSING' | 'EXPORT_DATA_INVALID', message: string) {
    super(message);
    this.name = 'ExportFileError';
  }
}

/** The file's data, from its blocks' text; a clear error when a block is missing or is not JSON. */
export function exportFileData(blockText: (id: string) => string | undefined): ExportFileData {
  const header = parsed(blockText, EXPORT_DATA_IDS.header);
  const items = parsed(blockText, EXPORT_DATA_IDS.items);
  const styles = parsed(blockText, EXPORT_DATA_IDS.styles);
  if (typeof header !== 'object' || header === null || !Array.isArray(items) || !Array.isArray(styles)) {
    throw new ExportFileError('EXPORT_DATA_INVALID', 'This export file is damaged: its data has the wrong shape.');
  }
  return { header: header as ExportFileHeader, items: items as ExportFileItem[], styles: styles as ExportStyle[] };
}

function parsed(blockText: (id: string) => string | undefined, id: string): unknown {
  const text = blockText(id);
  if (text === undefined) throw new ExportFileError('EXPORT_DATA_MISSING', `This export file is damaged: its ${id} block is missing.`);
  try {
    return JSON.parse(text);
  } catch {
    throw new ExportFileError('EXPORT_DATA_INVALID', `This export file is damaged: its ${id} block is not JSON.`);
  }
}
