import { readMetaFromMeta, searchMetaFromMeta, type MatchRange, type SessionEvent } from '@toolcards/protocol';
import { SNIPPET_SIDE, type PlacedSnippet } from './json-text-snippet';

export interface PlacedHit {
  label: string;
  snippet: string;
  ranges: MatchRange[];
}

/**
 * What a matching log event is, in a few words, and its text around the match: `placed`,
 * cut by ripgrep's own match offsets in the logged line (see snippetInJsonLine). Without it
 * (the match is in the event's structure, a key, a meta field) the event's first line
 * stands in, unmarked. Pure. `callLabels` names results by their call ("read src/a.ts"),
 * when the call was seen; a result is otherwise named by its meta.
 */
export function placeHit(event: SessionEvent, placed: PlacedSnippet | undefined, callLabels: ReadonlyMap<string, string>): PlacedHit {
  const label = labelOf(event, callLabels);
  return placed ? { label, ...placed } : { label, snippet: firstLine(textsOf(event)[0] ?? ''), ranges: [] };
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

function firstLine(text: string): string {
  return cut(text.split('\n', 1)[0] ?? '', SNIPPET_SIDE * 2);
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
