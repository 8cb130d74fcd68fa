import type { Ref } from 'react';
import { escapedText } from '../cards/text/invisible-characters';
import { VisibleText } from '../cards/text/visible-text';
import { useSessionState } from '../store/client-context';
import { ConnectionIndicator } from './connection-indicator';
import { ThemeToggle } from './theme-toggle';
import { DensityToggle } from '../timeline/density-toggle';
import { ExportControl } from '../export/export-control';

interface AppHeaderProps {
  sessionsOpen: boolean;
  onToggleSessions: () => void;
  /** Where focus goes back when the sessions drawer closes. */
  sessionsButtonRef?: Ref<HTMLButtonElement>;
  /** Behind the open sessions drawer: out of reach until it closes. */
  inert?: boolean;
  /** The Files panel (files-seen/): absent, no Files button. */
  files?: { open: boolean; onToggle: () => void; buttonRef?: Ref<HTMLButtonElement> };
  /** The session's outline (navigator/): absent, no Outline button. */
  outline?: { open: boolean; onToggle: () => void; buttonRef?: Ref<HTMLButtonElement> };
}

/**
 * The workspace and the model come from the server: invisible and bidi characters show as the
 * cards' escapes. On a phone (app.css) the name goes, the Sessions and Files buttons keep their
 * icons, the model becomes an icon and the connection a dot (each keeps its words as its
 * accessible text and title), so the workspace folder keeps the room; the buttons never shrink.
 */
export function AppHeader({ sessionsOpen, onToggleSessions, sessionsButtonRef, inert, files, outline }: AppHeaderProps) {
  const workspace = useSessionState((state) => state.header?.cwd ?? state.server?.workspace);
  const model = useSessionState((state) => state.server?.model);
  return (
    <header className="app-header" inert={inert}>
      <button
        ref={sessionsButtonRef}
        type="button"
        className="app-header__sessions"
        onClick={onToggleSessions}
        aria-expanded={sessionsOpen}
        aria-controls="session-panel"
      >
        ☰ <span className="app-header__sessions-label">Sessions</span>
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
      {outline && (
        <button ref={outline.buttonRef} type="button" className="app-header__outline" onClick={outline.onToggle} aria-expanded={outline.open} aria-controls="navigator-panel">
          <span aria-hidden="true">≣</span> <span className="app-header__outline-label">Outline</span>
        </button>
      )}
      {files && (
        <button ref={files.buttonRef} type="button" className="app-header__files" onClick={files.onToggle} aria-expanded={files.open} aria-controls="files-panel">
          <span aria-hidden="true">▤</span> <span className="app-header__files-label">Files</span>
        </button>
      )}
      <ExportControl />
      <span
        className={`app-header__model${model ? '' : ' app-header__model--none'}`}
        title={model ? escapedText(`${model.model} at ${model.baseUrl}`) : 'No model configured'}
      >
        {/* On a phone the icon stands for it (app.css); the words stay for screen readers. */}
        <span className="app-header__model-icon" aria-hidden="true">
          ✦
        </span>
        <span className="app-header__model-label">{model ? <VisibleText text={model.model} /> : 'no model'}</span>
      </span>
      <ConnectionIndicator />
      <DensityToggle />
      <ThemeToggle />
    </header>
  );
}
