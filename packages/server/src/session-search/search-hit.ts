import { readMetaFromMeta, searchMetaFromMeta, type MatchRange, type SessionEvent } from '@toolcards/protocol';

/** Characters of the matched line kept on each side of the match. */
const SNIPPET_SIDE = 60;

export interface PlacedHit {
  label: string;
  snippet: string;
  ranges: MatchRange[];
}

/**
 * What a matching log event is, in a few words, and the line of its text around the first
 * match. Pure. `callLabels` names results by their call ("read src/a.ts"), when the call
 * was seen; a result is otherwise named by its meta.
 */
export function placeHit(event: SessionEvent, matcher: RegExp | undefined, callLabels: ReadonlyMap<string, string>): PlacedHit {
  const label = labelOf(event, callLabels);
  for (const text of textsOf(event)) {
    const placed = matcher && snippetAround(text, matcher);
    if (placed) return { label, ...placed };
  }
  // The match is in the event's structure (a meta field, a key), not in its text.
  return { label, snippet: firstLine(textsOf(event)[0] ?? ''), ranges: [] };
}

/** "read src/a.ts", "grep needle": a tool call in a few words. */
export function callLabel(name: string, args: unknown): string {
  const record = args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
  const main = [record.path, record.pattern].find((value): value is string => typeof value === 'string');
  const target = name === 'grep' || name === 'glob' ? (typeof record.pattern === 'string' ? record.pattern : main) : main;
  return target === undefined ? name : `${name} ${cut(target, 80)}`;
}

function labelOf(event: SessionEvent, callLabels: ReadonlyMap<string, string>): string {
  switch (event.type) {
    case 'user/message':
      return 'your message';
    case 'assistant/text':
      return 'assistant';
    case 'tool/call':
      return callLabel(event.data.name, event.data.args);
    case 'tool/result': {
      const known = callLabels.get(event.data.callId);
      if (known !== undefined) return known;
      const read = readMetaFromMeta(event.data.meta);
      if (read) return `read ${cut(read.path, 80)}`;
      const search = searchMetaFromMeta(event.data.meta);
      if (search) return search.shape === 'matches' ? 'grep result' : 'glob result';
      return event.data.isError ? 'tool error' : 'tool result';
    }
    case 'turn/end':
      return 'end of turn';
  }
}

function textsOf(event: SessionEvent): string[] {
  switch (event.type) {
    case 'user/message':
      return [event.data.text];
    case 'assistant/text':
      return [event.data.delta];
    case 'tool/call':
      return [callLabel(event.data.name, event.data.args), JSON.stringify(event.data.args)];
    case 'tool/result':
      return event.data.content.map((block) => block.text);
    case 'turn/end':
      return event.data.error === undefined ? [] : [event.data.error];
  }
}

function snippetAround(text: string, matcher: RegExp): Omit<PlacedHit, 'label'> | undefined {
  matcher.lastIndex = 0;
  const found = matcher.exec(text);
  if (!found) return undefined;
  const lineStart = text.lastIndexOf('\n', found.index) + 1;
  const lineEndAt = text.indexOf('\n', found.index);
  const lineEnd = lineEndAt === -1 ? text.length : lineEndAt;
  const start = Math.max(lineStart, found.index - SNIPPET_SIDE);
  const end = Math.min(lineEnd, found.index + found[0].length + SNIPPET_SIDE);
  const head = start > lineStart ? '…' : '';
  const snippet = `${head}${text.slice(start, end)}${end < lineEnd ? '…' : ''}`;
  const matchStart = head.length + found.index - start;
  return { snippet, ranges: [[matchStart, Math.min(snippet.length, matchStart + found[0].length)]] };
}

function firstLine(text: string): string {
  return cut(text.split('\n', 1)[0] ?? '', SNIPPET_SIDE * 2);
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
