/**
 * Recall of sent inputs with ↑ / ↓, shell style: ↑ walks back from the newest, ↓ walks
 * forward and past the newest returns the draft that was being typed.
 */
export interface ComposerHistory {
  /** Oldest first. */
  entries: readonly string[];
  /** Index into entries while recalling; entries.length = editing the draft. */
  position: number;
  /** What was typed before recalling started. */
  draft: string;
}

export const MAX_HISTORY = 100;

export function composerHistory(entries: readonly string[] = []): ComposerHistory {
  const kept = entries.slice(-MAX_HISTORY);
  return { entries: kept, position: kept.length, draft: '' };
}

/** Records a sent input (a repeat of the newest is kept once) and stops recalling. */
export function rememberInput(history: ComposerHistory, input: string): ComposerHistory {
  const entries = history.entries.at(-1) === input ? history.entries : [...history.entries, input].slice(-MAX_HISTORY);
  return { entries, position: entries.length, draft: '' };
}

/** ↑: the previous entry, or undefined at the oldest. */
export function recallPrevious(history: ComposerHistory, current: string): { history: ComposerHistory; text: string } | undefined {
  if (history.position === 0) return undefined;
  const position = history.position - 1;
  const draft = history.position === history.entries.length ? current : history.draft;
  return { history: { ...history, position, draft }, text: history.entries[position]! };
}

/** ↓: the next entry, then the draft; undefined when already on the draft. */
export function recallNext(history: ComposerHistory): { history: ComposerHistory; text: string } | undefined {
  if (history.position >= history.entries.length) return undefined;
  const position = history.position + 1;
  const text = position === history.entries.length ? history.draft : history.entries[position]!;
  return { history: { ...history, position }, text };
}
