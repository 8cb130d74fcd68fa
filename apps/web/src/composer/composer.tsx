import { lazy, useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { assertNever } from '@toolcards/protocol';
import { useClient, useSessionState } from '../store/client-context';
import { LoadFailure, LoadFailureBoundary } from '../ui/load-failure-boundary';
import { MirroredSessionNote } from './mirrored-session-note';
import { NoModelNote } from './no-model-note';
import { composerHistory, recallNext, recallPrevious, rememberInput, type ComposerHistory } from './composer-history';
import { grepPathMissing } from './grep-path-missing';
import { grepPatternGuess, parseComposerCommand, type GrepCommandArgs, type GrepPatternGuess } from './parse-composer-command';

// The help comes with its first opening (? or /help), not with the page.
const ComposerHelp = lazy(() => import('./composer-help').then((module) => ({ default: module.ComposerHelp })));

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

/** A /grep sent with a word that may be a path or the rest of the pattern: which one shows when it returns. */
interface SentGrepGuess {
  sent: GrepCommandArgs;
  /** The last event before it was sent: only its own result counts. */
  afterSeq: number;
  guess: GrepPatternGuess;
}

/** The input: commands run tools directly, plain text goes to the model. Another agent's session is read-only. */
export function Composer() {
  const client = useClient();
  const source = useSessionState((state) => state.header?.source ?? 'toolcards');
  if (source !== 'toolcards') return <div className="composer"><MirroredSessionNote source={source} onNewSession={() => client.newSession()} /></div>;
  return <WritableComposer />;
}

function WritableComposer() {
  const client = useClient();
  const model = useSessionState((state) => state.server?.model);
  const serverKnown = useSessionState((state) => state.server !== null);
  const running = useSessionState((state) => state.running);
  const connected = useSessionState((state) => state.connection.status === 'connected');
  const [text, setText] = useState('');
  const [error, setError] = useState<{ message: string; suggestion?: GrepPatternGuess } | undefined>();
  const [helpOpen, setHelpOpen] = useState(false);
  const [pendingGuess, setPendingGuess] = useState<SentGrepGuess | undefined>();
  const guessNeeded = useSessionState((state) => pendingGuess !== undefined && grepPathMissing(state.rows, pendingGuess.sent, pendingGuess.afterSeq));
  const history = useRef<ComposerHistory | undefined>(undefined);
  history.current ??= loadHistory();
  const inputRef = useRef<HTMLTextAreaElement>(null);

  // Whatever is sent next, the help has done its job: the timeline gets its room back.
  const sent = useCallback((input: string) => {
    history.current = rememberInput(history.current!, input);
    saveHistory(history.current);
    setText('');
    setError(undefined);
    setHelpOpen(false);
    setPendingGuess(undefined);
  }, []);

  const runGrep = useCallback((args: GrepCommandArgs, input: string): boolean => {
    const afterSeq = client.store.state.getState().lastSeq;
    if (!client.runTool('grep', { ...args })) {
      setError({ message: 'Not sent: not connected to the server.' });
      return false;
    }
    client.store.requestFollow();
    sent(input);
    const guess = grepPatternGuess(input);
    if (guess !== undefined) setPendingGuess({ sent: args, afterSeq, guess });
    return true;
  }, [client, sent]);

  const submit = useCallback(() => {
    const parsed = parseComposerCommand(text);
    switch (parsed.kind) {
      case 'empty':
        return;
      case 'error':
        setError({ message: parsed.message, ...(parsed.suggestion === undefined ? {} : { suggestion: parsed.suggestion }) });
        return;
      case 'help':
        sent(text);
        setHelpOpen(true);
        return;
      case 'tool':
        if (parsed.name === 'grep') {
          runGrep(parsed.args, text);
          return;
        }
        if (client.runTool(parsed.name, { ...parsed.args })) {
          client.store.requestFollow();
          sent(text);
        } else setError({ message: 'Not sent: not connected to the server.' });
        return;
      case 'message':
        if (client.sendMessage(parsed.text)) {
          client.store.requestFollow();
          sent(text);
        } else setError({ message: 'Not sent: not connected to the server.' });
        return;
      default:
        assertNever(parsed, 'composer input');
    }
  }, [client, runGrep, sent, text]);

  /** Runs a suggested command as if it had been typed. */
  const runSuggestion = useCallback((suggestion: GrepPatternGuess) => {
    if (runGrep(suggestion.args, suggestion.command)) inputRef.current?.focus();
  }, [runGrep]);

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return; // an IME is still composing: Enter picks a candidate
    const input = event.currentTarget;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
      return;
    }
    // ↑ / ↓ recall only at the text's first / last line, so multi-line editing still works.
    if (event.key === 'ArrowUp' && !input.value.slice(0, input.selectionStart).includes('\n')) {
      const recalled = recallPrevious(history.current!, input.value);
      if (!recalled) return;
      event.preventDefault();
      history.current = recalled.history;
      setText(recalled.text);
      setError(undefined);
      return;
    }
    if (event.key === 'ArrowDown' && !input.value.slice(input.selectionEnd).includes('\n')) {
      const recalled = recallNext(history.current!);
      if (!recalled) return;
      event.preventDefault();
      history.current = recalled.history;
      setText(recalled.text);
      setError(undefined);
    }
  }, [submit]);

  return (
    <div className="composer">
      {helpOpen && (
        <LoadFailureBoundary fallback={<LoadFailure what="the help" />}>
          <ComposerHelp onClose={() => { setHelpOpen(false); inputRef.current?.focus(); }} />
        </LoadFailureBoundary>
      )}
      {serverKnown && !model && <NoModelNote />}
      <form
        className="composer__form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <textarea
          ref={inputRef}
          className="composer__input"
          value={text}
          rows={Math.min(8, Math.max(1, text.split('\n').length))}
          // One line on a phone's width: the hint below and /help have the rest.
          placeholder={model ? `Message ${model.model}…` : '/read, /grep, /glob…'}
          aria-label="Message or command"
          aria-invalid={error !== undefined}
          aria-describedby="composer-hint"
          spellCheck={false}
          autoFocus
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(undefined);
            if (pendingGuess) setPendingGuess(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        <div className="composer__actions">
          <button type="button" className="composer__help-button" onClick={() => setHelpOpen((open) => !open)} aria-label="Help" aria-expanded={helpOpen} title="Commands">
            ?
          </button>
          {running && (
            <button type="button" className="composer__cancel" onClick={() => client.cancel()} disabled={!connected}>
              Cancel
            </button>
          )}
          <button type="submit" className="composer__send" disabled={text.trim() === ''}>
            Send
          </button>
        </div>
      </form>
      {error !== undefined ? (
        <p className="composer__error" role="alert">
          {error.message}
          {error.suggestion !== undefined && (
            <>
              {' '}
              <SuggestionButton suggestion={error.suggestion} onRun={runSuggestion} />
            </>
          )}
        </p>
      ) : guessNeeded && pendingGuess !== undefined ? (
        <p className="composer__suggestion" role="status">
          No file or folder <code>{pendingGuess.sent.path}</code> here. Did you mean{' '}
          <SuggestionButton suggestion={pendingGuess.guess} onRun={runSuggestion} />?
        </p>
      ) : (
        <p className="composer__hint" id="composer-hint">
          <kbd>Enter</kbd> sends · <kbd>Shift</kbd>+<kbd>Enter</kbd> new line · <kbd>↑</kbd> history ·{' '}
          <code>/read</code> <code>/grep</code> <code>/glob</code> · <code>/help</code>
        </p>
      )}
    </div>
  );
}

/** One click runs the command it shows. */
function SuggestionButton({ suggestion, onRun }: { suggestion: GrepPatternGuess; onRun: (suggestion: GrepPatternGuess) => void }) {
  return (
    <button type="button" className="composer__suggestion-run" onClick={() => onRun(suggestion)} title="Run it">
      <code>{suggestion.command}</code>
    </button>
  );
}
