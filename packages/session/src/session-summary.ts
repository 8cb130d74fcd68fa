import { isJsonObject, MAX_SUMMARY_PATHS, type JsonValue, type SessionEvent, type SessionHeader, type SessionSummary } from '@toolcards/protocol';

/** How a tool call reads as a title, e.g. the call card's title ("Read src/app.ts"). */
export type CallTitle = (name: string, args: JsonValue) => string;

export const UNTITLED_SESSION = 'New session';
export const MAX_TITLE_CHARS = 80;

/** A session's summary plus whether its title is settled (first user message or tool call wins). */
export interface SummaryState {
  summary: SessionSummary;
  titled: boolean;
}

export function startSummary(header: SessionHeader): SummaryState {
  return {
    summary: {
      id: header.id,
      title: UNTITLED_SESSION,
      cwd: header.cwd,
      createdAt: header.createdAt,
      lastActivity: header.createdAt,
      eventCount: 0,
      toolCalls: 0,
      paths: [],
      source: header.source ?? 'toolcards',
      ...(header.parent !== undefined ? { parentId: header.parent } : {}),
    },
    titled: false,
  };
}

/** Pure fold: the index applies it on every append and when it rescans a log. */
export function foldSummary(state: SummaryState, event: SessionEvent, callTitle: CallTitle = defaultCallTitle): SummaryState {
  let summary = { ...state.summary, lastActivity: event.time, eventCount: state.summary.eventCount + 1 };
  if (event.type === 'tool/call') summary = { ...summary, toolCalls: summary.toolCalls + 1, paths: withPathOf(summary.paths, event.data.args) };
  if (state.titled) return { summary, titled: true };
  const title = titleOf(event, callTitle);
  return title === undefined ? { summary, titled: false } : { summary: { ...summary, title }, titled: true };
}

function titleOf(event: SessionEvent, callTitle: CallTitle): string | undefined {
  switch (event.type) {
    case 'user/message':
      return clipTitle(event.data.text);
    case 'tool/call': {
      let title: string;
      try {
        title = callTitle(event.data.name, event.data.args);
      } catch {
        title = defaultCallTitle(event.data.name, event.data.args);
      }
      return clipTitle(title);
    }
    case 'assistant/text':
    case 'tool/result':
    case 'turn/end':
      return undefined;
  }
}

/** The call's `path` argument joins the first few distinct paths (what a row in the sessions list names). */
function withPathOf(paths: string[], args: JsonValue): string[] {
  if (paths.length >= MAX_SUMMARY_PATHS || !isJsonObject(args) || Array.isArray(args)) return paths;
  const path = args.path;
  if (typeof path !== 'string' || path === '' || paths.includes(path)) return paths;
  return [...paths, path.length > 200 ? `${path.slice(0, 199)}…` : path];
}

/** One line, whitespace collapsed, at most MAX_TITLE_CHARS; undefined when nothing is left. */
export function clipTitle(text: string): string | undefined {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return undefined;
  const chars = [...flat];
  return chars.length <= MAX_TITLE_CHARS ? flat : chars.slice(0, MAX_TITLE_CHARS - 1).join('') + '…';
}

export function defaultCallTitle(name: string, args: JsonValue): string {
  return `${name} ${JSON.stringify(args)}`;
}
