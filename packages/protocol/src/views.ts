/**
 * The render-intent union: what a client needs to draw a tool call or result.
 * Views are computed by the tools' presenters on every delivery and never persisted.
 */

/** Icon category of a call. */
export type ToolCallKind = 'read' | 'edit' | 'delete' | 'move' | 'search' | 'execute' | 'fetch' | 'other';

export const TOOL_CALL_KINDS: readonly ToolCallKind[] = [
  'read', 'edit', 'delete', 'move', 'search', 'execute', 'fetch', 'other',
];

export interface CallLocation {
  path: string;
  /** 1-based line, when the call targets one. */
  line?: number;
}

/** Call side: read and search calls stay generic while pending — nothing structured exists yet. */
export interface GenericCallView {
  card: 'generic';
  title: string;
  kind?: ToolCallKind;
  locations?: CallLocation[];
}

export type ToolCallView = GenericCallView;

export interface GenericResultView {
  card: 'generic';
  title?: string;
  content?: string;
}

export interface ReadFileLine {
  /** 1-based line number in the file. */
  number: number;
  text: string;
}

export interface ReadResultView {
  card: 'read';
  title?: string;
  path: string;
  /** 1-based first line the window asked for (kept even when `lines` is empty). */
  offset: number;
  lines: ReadFileLine[];
  totalLines: number;
  /** Shiki language id; absent → plain text. */
  lang?: string;
  /** The envelope-stripped model text, for consumers without a read card. */
  content?: string;
}

/** `[start, end)` in UTF-16 code units of the delivered `line`. */
export type MatchRange = [start: number, end: number];

export interface SearchLineMatch {
  lineNumber: number;
  line: string;
  ranges?: MatchRange[];
}

export interface SearchFileMatches {
  path: string;
  matches: SearchLineMatch[];
}

export interface SearchMatchesResultView {
  card: 'search';
  shape: 'matches';
  title?: string;
  files: SearchFileMatches[];
  /** The retained page is not the whole result. */
  truncated: boolean;
  /** Every match the search found, before any cap. */
  total: number;
  /** Where the full, uncapped result was saved (a path the read tool can open). */
  spillPath?: string;
}

export interface SearchPathsResultView {
  card: 'search';
  shape: 'paths';
  title?: string;
  paths: string[];
  truncated: boolean;
  total: number;
  spillPath?: string;
}

export type SearchResultView = SearchMatchesResultView | SearchPathsResultView;

/** CLOSED: adding a member must break every exhaustive switch on `card`. */
export type ToolResultView = GenericResultView | ReadResultView | SearchResultView;

export type ToolResultCard = ToolResultView['card'];
