import type { TimelineRow } from '../model/timeline-row';
import { callKindOf, noCallKinds, type CallKind } from './call-kind';

/** A subagent a turn started (a Claude Code Agent/Task call whose result names its session). */
export interface OutlineSubagent {
  /** The call's row seq: where its card is. */
  seq: number;
  sessionId: string;
  title: string;
}

/** One turn of the session: a user prompt and everything up to the next one. */
export interface OutlineTurn {
  /** The key of the turn's first row: stable while the turn grows and older pages arrive. */
  key: string;
  /** The seq of the turn's first row: where a jump goes. */
  seq: number;
  /** Index of the turn's first row in the rows. */
  firstRow: number;
  rowCount: number;
  /** The prompt's first line; undefined for what came before the first prompt. */
  prompt: string | undefined;
  /** The first line of the turn's first assistant answer. */
  answer: string | undefined;
  calls: number;
  kinds: Readonly<Record<CallKind, number>>;
  subagents: readonly OutlineSubagent[];
}

export interface Outline {
  turns: readonly OutlineTurn[];
  calls: number;
}

export const EMPTY_OUTLINE: Outline = { turns: [], calls: 0 };

/** Longer first lines are cut here: the outline is a column, the card has the rest. */
export const OUTLINE_LINE_CHARS = 140;

/**
 * The session's outline from its rows: a turn starts at each user message (rows before the
 * first one make a turn without a prompt). One pass over the rows; a turn equal to the
 * previous outline's turn of the same key is that same object, so a live session growing
 * at its end re-renders only its last turn.
 */
export function outlineFromRows(rows: readonly TimelineRow[], previous: Outline = EMPTY_OUTLINE): Outline {
  const before = new Map<string, OutlineTurn>();
  for (const turn of previous.turns) before.set(turn.key, turn);
  const turns: OutlineTurn[] = [];
  let calls = 0;
  let current: Building | undefined;
  const close = () => {
    if (!current) return;
    const built = finished(current);
    const old = before.get(built.key);
    turns.push(old !== undefined && sameTurn(old, built) ? old : built);
  };
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index]!;
    if (row.kind === 'user-message' || current === undefined) {
      close();
      current = {
        key: row.key,
        seq: row.seq,
        firstRow: index,
        rowCount: 0,
        prompt: row.kind === 'user-message' ? firstLine(row.text) : undefined,
        answer: undefined,
        calls: 0,
        kinds: noCallKinds(),
        subagents: [],
      };
    }
    current.rowCount += 1;
    if (row.kind === 'assistant-message') {
      if (current.answer === undefined) current.answer = firstLine(row.text) || undefined;
    } else if (row.kind === 'tool') {
      current.calls += 1;
      calls += 1;
      current.kinds[callKindOf(row)] += 1;
      const sessionId = subagentSessionOf(row.result?.view);
      if (sessionId !== undefined) current.subagents.push({ seq: row.seq, sessionId, title: titleOf(row.call?.view) ?? 'Subagent' });
    }
  }
  close();
  return { turns, calls };
}

interface Building {
  key: string;
  seq: number;
  firstRow: number;
  rowCount: number;
  prompt: string | undefined;
  answer: string | undefined;
  calls: number;
  kinds: Record<CallKind, number>;
  subagents: OutlineSubagent[];
}

function finished(turn: Building): OutlineTurn {
  return { ...turn };
}

function sameTurn(a: OutlineTurn, b: OutlineTurn): boolean {
  if (a.seq !== b.seq || a.firstRow !== b.firstRow || a.rowCount !== b.rowCount || a.prompt !== b.prompt || a.answer !== b.answer || a.calls !== b.calls) return false;
  for (const kind in a.kinds) if (a.kinds[kind as CallKind] !== b.kinds[kind as CallKind]) return false;
  if (a.subagents.length !== b.subagents.length) return false;
  return a.subagents.every((subagent, index) => {
    const other = b.subagents[index]!;
    return subagent.seq === other.seq && subagent.sessionId === other.sessionId && subagent.title === other.title;
  });
}

/** The first line with text, trimmed and cut to OUTLINE_LINE_CHARS. */
export function firstLine(text: string): string {
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end === -1 ? text.length : end).trim();
    if (line !== '') return line.length > OUTLINE_LINE_CHARS ? `${line.slice(0, OUTLINE_LINE_CHARS - 1)}…` : line;
    if (end === -1) break;
    start = end + 1;
  }
  return '';
}

/** The subagent session a (generic) result view links to, unvalidated: only a string id is taken. */
function subagentSessionOf(view: unknown): string | undefined {
  if (typeof view !== 'object' || view === null) return undefined;
  const { card, session } = view as { card?: unknown; session?: unknown };
  return card === 'generic' && typeof session === 'string' && session !== '' ? session : undefined;
}

function titleOf(view: unknown): string | undefined {
  if (typeof view !== 'object' || view === null) return undefined;
  const { title } = view as { title?: unknown };
  return typeof title === 'string' && title !== '' ? firstLine(title) : undefined;
}

/** The turn holding row `rowIndex` (turns are in row order), or undefined when there are none. */
export function turnIndexOfRow(turns: readonly OutlineTurn[], rowIndex: number): number | undefined {
  if (turns.length === 0) return undefined;
  let low = 0;
  let high = turns.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (turns[middle]!.firstRow <= rowIndex) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}
