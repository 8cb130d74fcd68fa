import { escapedText } from '../cards/text/invisible-characters';
import { VisibleText } from '../cards/text/visible-text';
import { useSessionState } from '../store/client-context';
import { ConnectionIndicator } from './connection-indicator';
import { ThemeToggle } from './theme-toggle';

/** The workspace and the model come from the server: invisible and bidi characters show as the cards' escapes. */
export function AppHeader({ sessionsOpen, onToggleSessions }: { sessionsOpen: boolean; onToggleSessions: () => void }) {
  const workspace = useSessionState((state) => state.header?.cwd ?? state.server?.workspace);
  const model = useSessionState((state) => state.server?.model);
  return (
    <header className="app-header">
      <button type="button" className="app-header__sessions" onClick={onToggleSessions} aria-expanded={sessionsOpen} aria-controls="session-panel">
        ☰ Sessions
      </button>
      <span className="app-header__name">toolcards</span>
      {workspace !== undefined && (
        <span className="app-header__workspace" title={escapedText(workspace)}>
          {/* Isolated: the right-to-left box only moves the ellipsis to the start of the path. */}
          <bdi>
            <VisibleText text={workspace} />
          </bdi>
        </span>
      )}
      <span className="app-header__spacer" />
      <span
        className={`app-header__model${model ? '' : ' app-header__model--none'}`}
        title={model ? escapedText(`${model.model} at ${model.baseUrl}`) : 'No model configured'}
      >
        {model ? <VisibleText text={model.model} /> : 'no model'}
      </span>
      <ConnectionIndicator />
      <ThemeToggle />
    </header>
  );
}
