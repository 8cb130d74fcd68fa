import { useCallback, useRef } from 'react';
import { composerHistory, recallNext, recallPrevious, rememberInput, type ComposerHistory } from './composer-history';

const HISTORY_STORAGE_KEY = 'toolcards.composer-history';

function loadHistory(): ComposerHistory {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(HISTORY_STORAGE_KEY) ?? '[]');
    return composerHistory(Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === 'string') : []);
  } catch {
    return composerHistory();
  }
}

function saveHistory(history: ComposerHistory): void {
  try {
    localStorage.setItem(HISTORY_STORAGE_KEY, JSON.stringify(history.entries));
  } catch {
    // History just does not survive a reload.
  }
}

/** The input as recall needs it: its text and where the caret is. */
export interface RecallInput {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

export interface ComposerHistoryHandle {
  /** A sent input: recalled by ↑ from now on, and after a reload. */
  remember: (input: string) => void;
  /** The text ↑ / ↓ recalls for this key, or undefined when the key edits the text as usual. */
  recall: (key: string, input: RecallInput) => string | undefined;
}

/** The composer's ↑ / ↓ history (composer-history.ts has the rule), kept in localStorage. */
export function useComposerHistory(): ComposerHistoryHandle {
  const history = useRef<ComposerHistory | undefined>(undefined);
  history.current ??= loadHistory();

  const remember = useCallback((input: string) => {
    history.current = rememberInput(history.current!, input);
    saveHistory(history.current);
  }, []);

  // ↑ / ↓ recall only at the text's first / last line, so multi-line editing still works.
  const recall = useCallback((key: string, input: RecallInput): string | undefined => {
    const recalled =
      key === 'ArrowUp' && !input.value.slice(0, input.selectionStart).includes('\n')
        ? recallPrevious(history.current!, input.value)
        : key === 'ArrowDown' && !input.value.slice(input.selectionEnd).includes('\n')
          ? recallNext(history.current!)
          : undefined;
    if (!recalled) return undefined;
    history.current = recalled.history;
    return recalled.text;
  }, []);

  return { remember, recall };
}
