import type { ToolRow } from '../model/timeline-row';

/** What a call is at a glance, for the navigator's counts and the strip's colours. */
export type CallKind = 'read' | 'search' | 'terminal' | 'diff' | 'plan' | 'error' | 'other';

export const CALL_KINDS: readonly CallKind[] = ['read', 'search', 'terminal', 'diff', 'plan', 'error', 'other'];

/** Singular and plural words of each kind, for counts people read or hear ("3 reads"). */
export const CALL_KIND_WORDS: Readonly<Record<CallKind, readonly [string, string]>> = {
  read: ['read', 'reads'],
  search: ['search', 'searches'],
  terminal: ['command', 'commands'],
  diff: ['edit', 'edits'],
  plan: ['plan', 'plans'],
  error: ['error', 'errors'],
  other: ['other call', 'other calls'],
};

/**
 * A tool row's kind from the card it shows: an error first (it is what a person looks for),
 * then the result view's `card`, else (pending) the call view's icon kind. Only the views'
 * discriminants are read, unvalidated: a wrong one costs a colour, never a card.
 */
export function callKindOf(row: ToolRow): CallKind {
  if (row.result?.isError === true) return 'error';
  const card = discriminant(row.result?.view, 'card');
  switch (card) {
    case 'read':
    case 'search':
    case 'terminal':
    case 'diff':
    case 'plan':
      return card;
    default:
      break;
  }
  switch (discriminant(row.call?.view, 'kind')) {
    case 'read':
      return 'read';
    case 'search':
      return 'search';
    case 'execute':
      return 'terminal';
    case 'edit':
    case 'delete':
    case 'move':
      return 'diff';
    default:
      return 'other';
  }
}

function discriminant(view: unknown, field: 'card' | 'kind'): unknown {
  return typeof view === 'object' && view !== null ? (view as Record<string, unknown>)[field] : undefined;
}

/** "12 calls: 8 reads, 3 searches, 1 error" — what a turn or a stretch of the strip holds. */
export function callCountsText(calls: number, kinds: Readonly<Record<CallKind, number>>): string {
  if (calls === 0) return 'no tool calls';
  const parts = CALL_KINDS.filter((kind) => kinds[kind] > 0).map((kind) => `${kinds[kind]} ${CALL_KIND_WORDS[kind][kinds[kind] === 1 ? 0 : 1]}`);
  return `${calls} ${calls === 1 ? 'call' : 'calls'}: ${parts.join(', ')}`;
}

export function noCallKinds(): Record<CallKind, number> {
  return { read: 0, search: 0, terminal: 0, diff: 0, plan: 0, error: 0, other: 0 };
}
