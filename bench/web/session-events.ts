import type { JsonValue, SessionEvent, ToolCallView, ToolResultView } from '@toolcards/protocol';
import {
  callFixtures,
  genericFixtures,
  readFixtures,
  searchMatchesFixtures,
  searchPathsFixtures,
} from '../../apps/web/src/test-support/card-fixtures';

export const BENCH_SESSION_ID = 'bench-session';
export const BENCH_WORKSPACE = '/bench/workspace';

/** How a generated session looks: turns of a user message, two streamed replies and some tool cards. */
export interface SessionShape {
  /** Stop after this many tool cards (replay) … */
  maxCards?: number;
  /** … or after this many events (streaming). */
  maxEvents?: number;
  cardsPerTurn: number;
  deltasPerMessage: number;
}

export interface GeneratedSession {
  /** `event` frames as the server sends them: JSON text, view included. */
  frames: string[];
  events: number;
  cards: number;
  /** Timeline rows these events make (one per message, tool call and turn end). */
  rows: number;
  lastSeq: number;
  bytes: number;
}

interface ToolSample {
  name: string;
  args: JsonValue;
  callView: ToolCallView;
  resultView: ToolResultView;
  /** What the model gets: text of about the view's size. */
  content: string;
}

/** A mix of the cards a real session shows, all from the client's fixtures. */
const TOOL_SAMPLES: readonly ToolSample[] = [
  sample('read', { path: readFixtures.typescript.path }, callFixtures.read, readFixtures.typescript),
  sample('grep', { pattern: 'readFile' }, callFixtures.search, searchMatchesFixtures.fewMatches),
  sample('glob', { pattern: '**/*.test.ts' }, callFixtures.search, searchPathsFixtures.shortList),
  sample('read', { path: readFixtures.plainText.path }, callFixtures.read, readFixtures.plainText),
  sample('run', { command: 'npm test' }, callFixtures.execute, genericFixtures.plainOutput),
];

function sample(name: string, args: JsonValue, callView: ToolCallView, resultView: ToolResultView): ToolSample {
  let content: string;
  switch (resultView.card) {
    case 'read':
      content = `<path>${resultView.path}</path>\n<type>file</type>\n<content>\n${resultView.lines.map((line) => `${line.number}: ${line.text}`).join('\n')}\n</content>`;
      break;
    case 'search':
      content = resultView.shape === 'matches'
        ? `Found ${resultView.total} matches\n${resultView.files.map((file) => `${file.path}:\n${file.matches.map((match) => `  Line ${match.lineNumber}: ${match.line}`).join('\n')}`).join('\n\n')}`
        : resultView.paths.join('\n');
      break;
    case 'generic':
      content = resultView.content ?? '';
      break;
    case 'terminal':
      content = resultView.output;
      break;
    case 'diff':
      content = resultView.files.map((file) => file.hunks.flatMap((hunk) => hunk.lines).join('\n')).join('\n');
      break;
    case 'plan':
      content = resultView.items.map((item) => item.text).join('\n');
      break;
  }
  return { name, args, callView, resultView, content };
}

/** Pieces of a streamed reply: prose, inline code, a list and now and then a fenced block. */
const DELTAS = [
  'Let me look at ',
  '`src/session/store.ts` ',
  'first, since the replay ',
  'path starts there. ',
  'The store appends each event ',
  'with the next `seq`, ',
  'so a gap is easy to spot.\n\n',
  '- a torn last line is skipped\n',
  '- views are recomputed on delivery\n\n',
  '```ts\nconst next = store.append(event);\n```\n\n',
  'Next I will check ',
  'how the timeline **follows the end** ',
  'while events arrive.\n\n',
];

/** A deterministic session; every field a server frame has, views and metas included. */
export function generateSession(shape: SessionShape): GeneratedSession {
  const frames: string[] = [];
  let seq = 0;
  let cards = 0;
  let rows = 0;
  let bytes = 0;
  const started = Date.parse('2025-01-01T00:00:00Z');
  const maxEvents = shape.maxEvents ?? Number.POSITIVE_INFINITY;
  const maxCards = shape.maxCards ?? Number.POSITIVE_INFINITY;

  const push = (type: SessionEvent['type'], data: unknown, view?: unknown): boolean => {
    if (seq >= maxEvents) return false;
    const event = { seq, time: new Date(started + seq * 250).toISOString(), type, data };
    const text = JSON.stringify(view === undefined ? { type: 'event', sessionId: BENCH_SESSION_ID, event } : { type: 'event', sessionId: BENCH_SESSION_ID, event, view });
    frames.push(text);
    bytes += text.length;
    seq += 1;
    return true;
  };
  const message = (id: string, turn: number): boolean => {
    for (let index = 0; index < shape.deltasPerMessage; index += 1) {
      if (!push('assistant/text', { messageId: id, delta: DELTAS[(turn + index) % DELTAS.length] })) return false;
      if (index === 0) rows += 1;
    }
    return true;
  };

  for (let turn = 0; seq < maxEvents && cards < maxCards; turn += 1) {
    if (!push('user/message', { text: `Turn ${turn}: how does the session store replay its log?` })) break;
    rows += 1;
    if (!message(`m${turn}a`, turn)) break;
    for (let index = 0; index < shape.cardsPerTurn && cards < maxCards; index += 1) {
      const tool = TOOL_SAMPLES[(turn * shape.cardsPerTurn + index) % TOOL_SAMPLES.length]!;
      const callId = `call-${turn}-${index}`;
      if (!push('tool/call', { callId, name: tool.name, args: tool.args, origin: 'model' }, tool.callView)) break;
      rows += 1;
      cards += 1;
      const { card: _card, title: _title, ...meta } = tool.resultView;
      if (!push('tool/result', { callId, content: [{ type: 'text', text: tool.content }], isError: false, meta }, tool.resultView)) break;
    }
    if (!message(`m${turn}b`, turn + 3)) break;
    if (!push('turn/end', { reason: 'done' })) break;
    rows += 1;
  }
  return { frames, events: seq, cards, rows, lastSeq: seq - 1, bytes };
}
