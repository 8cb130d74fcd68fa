import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { TOKEN_STORAGE_KEY } from '../app/start-token';
import { useSessionState } from '../store/client-context';
import { httpExportApi, saveFile, type ExportApi } from './export-api';
import './export-control.css';

// The dialog loads when first opened: the page's first bundle carries only the button.
const ExportDialog = lazy(() => import('./export-dialog').then((module) => ({ default: module.ExportDialog })));

/**
 * The session header's Export button and its dialog. A card the page's address names (a
 * permalink, Copy link) starts the dialog's range. No session open: no button.
 */
export function ExportControl({ api }: { api?: ExportApi }) {
  const sessionId = useSessionState((state) => state.sessionId);
  const addressedSeq = useSessionState((state) => (state.addressed !== null && !state.addressed.loading ? state.addressed.seq : undefined));
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const exportApi = useMemo(() => api ?? httpExportApi(pageToken()), [api]);
  if (sessionId === null) return null;
  return (
    <>
      <button ref={button} type="button" className="app-header__export" onClick={() => setOpen(true)} aria-haspopup="dialog" title="Export this session as a file">
        <span aria-hidden="true">⇩</span> <span className="app-header__export-label">Export</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ExportDialog
            sessionId={sessionId}
            api={exportApi}
            {...(addressedSeq === undefined ? {} : { initialFrom: addressedSeq })}
            onFile={(file) => {
              saveFile(file);
              setOpen(false);
              button.current?.focus();
            }}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** The page's token, where the start URL left it (app/start-token.ts); the cookie authorizes without one. */
function pageToken(): string | undefined {
  try {
    return sessionStorage.getItem(TOKEN_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
