import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { browserClient } from './app/browser-client';
import { takeStartToken } from './app/start-token';
import { applyThemeChoice, storedThemeChoice } from './app/theme';
import { warmLikelyHighlights } from './highlight/highlight-client';
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
  createRoot(root).render(
    <StrictMode>
      <App client={browserClient(token)} tokenInPage={token !== undefined} />
    </StrictMode>,
  );
  // With the page's start, not at idle: the worker and the likely grammars get ready while the
  // page draws and the person types, so a read sent the moment the composer takes input finds them.
  warmLikelyHighlights();
}
