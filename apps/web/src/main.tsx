import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { browserClient } from './app/browser-client';
import { takeStartToken } from './app/start-token';
import { applyThemeChoice, storedThemeChoice } from './app/theme';
import { warmLikelyHighlights } from './highlight/highlight-client';
import { rehearseReadCardWhenIdle } from './cards/read/read-card-rehearsal-when-idle';
import './styles/theme.css';

// Before the first render, so a pinned theme never flashes the other one.
applyThemeChoice(document.documentElement, storedThemeChoice(localStorage));

const token = takeStartToken({
  href: location.href,
  storage: sessionStorage,
  replaceUrl: (url) => history.replaceState(history.state, '', url),
});

const root = document.getElementById('root');
if (root) {
  const client = browserClient(token);
  // Before the first render: the socket opens and the server reads the session while React draws the shell.
  void client.start();
  createRoot(root).render(
    <StrictMode>
      <App client={client} tokenInPage={token !== undefined} />
    </StrictMode>,
  );
  // With the page's start, not at idle: the worker and the likely grammars get ready while the
  // page draws and the person types, so a read sent the moment the composer takes input finds them.
  warmLikelyHighlights();
  // The first read card's code run once before the first command, unless one is already running.
  rehearseReadCardWhenIdle(() => client.store.state.getState().running);
}
