import type { SessionEvent } from './events';
import type { SessionSource } from './session-source';

// ── An exported HTML file's data (issue 29, decision 0024) ──────────────────
// Written by packages/server/src/export/ (the export document, html/ the writer), read by the
// file's own page (apps/web/src/export-viewer/): JSON blocks in the file, never run.

/**
 * The ids of the file's data blocks: the header, then blocks of items `tc-export-items-0`,
 * `-1`, …, each followed by `tc-export-styles-N` (the styles its tokens use that no earlier
 * block brought). The page's script comes right after the first block, so the first screen is
 * drawn while the browser still parses the rest of the file.
 */
export const EXPORT_DATA_IDS = { header: 'tc-export-header', itemsPrefix: 'tc-export-items-', stylesPrefix: 'tc-export-styles-' } as const;

/** The first part of an export: who wrote the session, where, when, how much, what was hidden. */
export interface ExportFileHeader {
  toolcardsVersion: string;
  source: SessionSource;
  sessionId: string;
  title?: string;
  /** The folder the session ran in, the home folder shown as `~`. */
  workspace: string;
  startedAt?: string;
  endedAt?: string;
  counts: { events: number; calls: number; byCard: Record<string, number> };
  /** The seqs exported (inclusive), when not the whole session. */
  range?: { from: number; to: number };
  stillBeingWritten: boolean;
  /** What masking hid: per rule, in how many events. */
  masked: { rule: string; count: number }[];
}

/** One event and its card's view, as the WebSocket history sends them (lean), masked. */
export interface ExportItem {
  event: SessionEvent;
  view?: unknown;
}

/** `[light, dark, flags]`: flags 1 = italic, 2 = underline; '' for a colour not set. */
export type ExportStyle = [light: string, dark: string, flags: number];

/** `[length, style, length, style, …]`; style -1 = uncoloured. */
export type EncodedLine = number[];

/** A window's lines, or a window that is the first `lines` lines of another (a diff side's head). */
export type EncodedWindow = { key: string; lines: EncodedLine[] } | { key: string; headOf: string; lines: number };

/** An item as the file holds it: with the highlighting its card will ask for, computed at export. */
export interface ExportFileItem extends ExportItem {
  highlights?: EncodedWindow[];
}

/** One block of items and the styles their tokens use that no earlier block brought. */
export interface ExportFileBlock {
  items: ExportFileItem[];
  styles: ExportStyle[];
}

/**
 * The highlighter the writer runs on each item (the viewer's Node part,
 * apps/web/src/export-viewer/precompute-highlights.ts, bundled with its grammars).
 */
export interface ExportHighlighter {
  /** The windows a result's card will ask for, not given before in this file. */
  windowsFor(view: unknown): Promise<EncodedWindow[]>;
  /** The windows an assistant message's code fences will ask for (the message whole). */
  windowsForMessage(text: string): Promise<EncodedWindow[]>;
  /** The style table the encoded lines index, once every item is written. */
  styles(): ExportStyle[];
}
