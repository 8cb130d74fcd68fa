import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSessionState } from '../store/client-context';
import type { ExportApi } from './export-api';
import { useExportRangePicker, useRangePick } from './export-range-context';
import './export-control.css';

// The dialog and the range bar load when first shown: the page's first bundle carries only the button.
const ExportDialog = lazy(() => import('./export-dialog-over-http').then((module) => ({ default: module.ExportDialogOverHttp })));
const ExportRangeBar = lazy(() => import('./export-range-bar').then((module) => ({ default: module.ExportRangeBar })));

/**
 * The session header's Export button and its dialog. A range chosen on the cards (their
 * "Export from here", then "To here") opens it with that range, and a bar says what is
 * chosen until it is exported or cancelled; else a card the page's address names (a
 * permalink, Copy link) starts the dialog's range. No session open: no button.
 */
export function ExportControl({ api }: { api?: ExportApi }) {
  const sessionId = useSessionState((state) => state.sessionId);
  const addressedSeq = useSessionState((state) => (state.addressed !== null && !state.addressed.loading ? state.addressed.seq : undefined));
  const picker = useExportRangePicker();
  const pick = useRangePick(picker);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const cancelPick = useCallback(() => picker?.cancel(), [picker]);
  useEffect(() => {
    if (pick.phase === 'chosen') setOpen(true);
  }, [pick]);
  if (sessionId === null) return null;
  const close = () => {
    setOpen(false);
    // With a range still chosen, the bar's Export… takes focus; else the button.
    if (pick.phase !== 'chosen') button.current?.focus();
  };
  return (
    <>
      <button ref={button} type="button" className="app-header__export" onClick={() => setOpen(true)} aria-haspopup="dialog" title="Export this session as a file">
        <span aria-hidden="true">⇩</span> <span className="app-header__export-label">Export</span>
      </button>
      {!open && pick.phase !== 'idle' && (
        <Suspense fallback={null}>
          <ExportRangeBar pick={pick} onExport={() => setOpen(true)} onCancel={cancelPick} />
        </Suspense>
      )}
      {open && (
        <Suspense fallback={null}>
          <ExportDialog
            sessionId={sessionId}
            {...(api ? { api } : {})}
            {...(pick.phase !== 'idle' ? { picked: pick } : addressedSeq === undefined ? {} : { initialFrom: addressedSeq })}
            onSaved={() => {
              picker?.cancel();
              setOpen(false);
              button.current?.focus();
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
