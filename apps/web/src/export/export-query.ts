/** What the export dialog asks the server for (export-core's routes, packages/server/src/export/export-request.ts). */
export type ExportFormat = 'html' | 'md';

export interface ExportRange {
  from?: number;
  to?: number;
}

export interface ExportFileQuery extends ExportRange {
  format: ExportFormat;
  /** Mask what the preview found (and the words); off exports the session as it is. */
  mask: boolean;
  /** Findings the person chose to leave in, by id. */
  unmask: readonly string[];
  /** More words to mask. */
  words: readonly string[];
}

/** `GET /api/sessions/:id/export/preview?from=&to=&words=`. Pure. */
export function exportPreviewPath(sessionId: string, range: ExportRange, words: readonly string[]): string {
  const params = rangeParams(range);
  if (words.length > 0) params.set('words', words.join(','));
  return `/api/sessions/${encodeURIComponent(sessionId)}/export/preview${queryOf(params)}`;
}

/** `GET /api/sessions/:id/export?format=&from=&to=&unmask=&words=&mask=`. Pure. */
export function exportFilePath(sessionId: string, query: ExportFileQuery): string {
  const params = new URLSearchParams({ format: query.format });
  for (const [name, value] of rangeParams(query)) params.set(name, value);
  if (!query.mask) params.set('mask', '0');
  else {
    if (query.unmask.length > 0) params.set('unmask', query.unmask.join(','));
    if (query.words.length > 0) params.set('words', query.words.join(','));
  }
  return `/api/sessions/${encodeURIComponent(sessionId)}/export${queryOf(params)}`;
}

function rangeParams({ from, to }: ExportRange): URLSearchParams {
  const params = new URLSearchParams();
  if (from !== undefined) params.set('from', String(from));
  if (to !== undefined) params.set('to', String(to));
  return params;
}

function queryOf(params: URLSearchParams): string {
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The words field: one word (or phrase) per comma or line, blanks dropped. Pure. */
export function wordsOf(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((word) => word.trim())
    .filter((word) => word !== '');
}

/** A range field: a seq, or empty for the session's start or end; undefined `seq` with an error for anything else. Pure. */
export function seqOf(text: string): { seq?: number; error?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (!/^\d+$/.test(trimmed)) return { error: 'a card seq is a whole number (the # of its address)' };
  return { seq: Number(trimmed) };
}

/** The file name a `Content-Disposition` gives, else one of our own. Pure. */
export function fileNameOf(disposition: string | null, sessionId: string, format: ExportFormat): string {
  const star = disposition && /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      // The plain name below.
    }
  }
  const plain = disposition && /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return plain || `toolcards-${sessionId}.${format === 'html' ? 'html' : 'md'}`;
}
