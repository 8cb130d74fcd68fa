import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { assertNever } from '@toolcards/protocol';
import { useClient } from '../store/client-context';
import type { GrepPatternGuess } from './parse-composer-command';
import { sendComposerInput, sendGrep, type ComposerError, type SendOutcome, type SentGrepGuess } from './send-composer-input';
import { useComposerHistory } from './use-composer-history';

/**
 * The composer's input: its text, the line under it (an error, a missing /grep path), the help,
 * and what Enter, ↑ / ↓ and a suggestion's click do.
 */
export function useComposerInput() {
  const client = useClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<ComposerError | undefined>();
  const [helpOpen, setHelpOpen] = useState(false);
  const [pendingGuess, setPendingGuess] = useState<SentGrepGuess | undefined>();
  const history = useComposerHistory();
  const inputRef = useRef<HTMLTextAreaElement>(null);

  /** Shows what became of an input. Whatever is sent, the help has done its job: the timeline gets its room back. */
  const settle = useCallback((outcome: SendOutcome, input: string) => {
    switch (outcome.kind) {
      case 'empty':
        return;
      case 'error':
        setError(outcome.error);
        return;
      case 'help':
      case 'sent':
        history.remember(input);
        setText('');
        setError(undefined);
        setHelpOpen(outcome.kind === 'help');
        setPendingGuess(outcome.kind === 'sent' ? outcome.grepGuess : undefined);
        return;
      default:
        assertNever(outcome, 'composer outcome');
    }
  }, [history]);

  const submit = useCallback(() => settle(sendComposerInput(client, text), text), [client, settle, text]);

  /** Runs a suggested command as if it had been typed. */
  const runSuggestion = useCallback((suggestion: GrepPatternGuess) => {
    const outcome = sendGrep(client, suggestion.args, suggestion.command);
    settle(outcome, suggestion.command);
    if (outcome.kind === 'sent') inputRef.current?.focus();
  }, [client, settle]);

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return; // an IME is still composing: Enter picks a candidate
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
      return;
    }
    const recalled = history.recall(event.key, event.currentTarget);
    if (recalled === undefined) return;
    event.preventDefault();
    setText(recalled);
    setError(undefined);
  }, [history, submit]);

  const onTextChange = useCallback((value: string) => {
    setText(value);
    setError(undefined);
    setPendingGuess(undefined);
  }, []);

  return { text, onTextChange, error, helpOpen, setHelpOpen, pendingGuess, inputRef, submit, runSuggestion, onKeyDown };
}
