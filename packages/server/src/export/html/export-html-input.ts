import type { SessionEvent } from '@toolcards/protocol';

/**
 * What the HTML writer reads of an export document (export-document.ts, export-core's): the
 * contract of issue 29, written here structurally until that module lands, so either fits.
 */
export interface ExportHtmlHeader {
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

export interface ExportHtmlItem {
  event: SessionEvent;
  view?: unknown;
}

export interface ExportHtmlInput {
  header: ExportHtmlHeader;
  items: AsyncIterable<ExportHtmlItem>;
}
