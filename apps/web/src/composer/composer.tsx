import { lazy } from 'react';
import { useClient, useSessionState } from '../store/client-context';
import { LoadFailure, LoadFailureBoundary } from '../ui/load-failure-boundary';
import { MirroredSessionNote } from './mirrored-session-note';
import { NoModelNote } from './no-model-note';
import { grepPathMissing } from './grep-path-missing';
import type { GrepPatternGuess } from './parse-composer-command';
import type { ComposerError, SentGrepGuess } from './send-composer-input';
import { useComposerInput } from './use-composer-input';
import { useFocusAfterFirstFrame } from './use-focus-after-first-frame';

// The help comes with its first opening (? or /help), not with the page.
const ComposerHelp = lazy(() => import('./composer-help').then((module) => ({ default: module.ComposerHelp })));

/** The input: commands run tools directly, plain text goes to the model. Another agent's session is read-only. */
export function Composer() {
  const client = useClient();
  const source = useSessionState((state) => state.header?.source ?? 'toolcards');
  if (source !== 'toolcards') return <div className="composer"><MirroredSessionNote source={source} onNewSession={() => client.newSession()} /></div>;
  return <WritableComposer />;
}

function WritableComposer() {
  const model = useSessionState((state) => state.server?.model);
  const serverKnown = useSessionState((state) => state.server !== null);
  const { text, onTextChange, error, helpOpen, setHelpOpen, pendingGuess, inputRef, submit, runSuggestion, onKeyDown } = useComposerInput();
  useFocusAfterFirstFrame(inputRef);
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
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <ComposerActions helpOpen={helpOpen} onToggleHelp={() => setHelpOpen((open) => !open)} canSend={text.trim() !== ''} />
      </form>
      <ComposerStatusLine error={error} pendingGuess={pendingGuess} onRun={runSuggestion} />
    </div>
  );
}

/** Help, Cancel while the model runs, Send. */
function ComposerActions({ helpOpen, onToggleHelp, canSend }: { helpOpen: boolean; onToggleHelp: () => void; canSend: boolean }) {
  const client = useClient();
  const running = useSessionState((state) => state.running);
  const connected = useSessionState((state) => state.connection.status === 'connected');
  return (
    <div className="composer__actions">
      <button type="button" className="composer__help-button" onClick={onToggleHelp} aria-label="Help" aria-expanded={helpOpen} title="Commands">
        ?
      </button>
      {running && (
        <button type="button" className="composer__cancel" onClick={() => client.cancel()} disabled={!connected}>
          Cancel
        </button>
      )}
      <button type="submit" className="composer__send" disabled={!canSend}>
        Send
      </button>
    </div>
  );
}

interface ComposerStatusLineProps {
  error: ComposerError | undefined;
  pendingGuess: SentGrepGuess | undefined;
  onRun: (suggestion: GrepPatternGuess) => void;
}

/** Under the input: what was not sent, a /grep whose path is missing (and what was meant), or the keys. */
function ComposerStatusLine({ error, pendingGuess, onRun }: ComposerStatusLineProps) {
  const guessNeeded = useSessionState((state) => pendingGuess !== undefined && grepPathMissing(state.rows, pendingGuess.sent, pendingGuess.afterSeq));
  if (error !== undefined) {
    return (
      <p className="composer__error" role="alert">
        {error.message}
        {error.suggestion !== undefined && (
          <>
            {' '}
            <SuggestionButton suggestion={error.suggestion} onRun={onRun} />
          </>
        )}
      </p>
    );
  }
  if (guessNeeded && pendingGuess !== undefined) {
    return (
      <p className="composer__suggestion" role="status">
        No file or folder <code>{pendingGuess.sent.path}</code> here. Did you mean{' '}
        <SuggestionButton suggestion={pendingGuess.guess} onRun={onRun} />?
      </p>
    );
  }
  return (
    <p className="composer__hint" id="composer-hint">
      <kbd>Enter</kbd> sends · <kbd>Shift</kbd>+<kbd>Enter</kbd> new line · <kbd>↑</kbd> history ·{' '}
      <code>/read</code> <code>/grep</code> <code>/glob</code> · <code>/help</code>
    </p>
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
