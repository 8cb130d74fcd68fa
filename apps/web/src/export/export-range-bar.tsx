import { useEffect } from 'react';
import type { RangePick } from './export-range-pick';
import { RangeEndIcon } from './export-range-button';
import './export-range-bar.css';

interface ExportRangeBarProps {
  pick: Exclude<RangePick, { phase: 'idle' }>;
  /** Opens the export dialog with the range. */
  onExport: () => void;
  onCancel: () => void;
}

/**
 * The bar over the timeline while a range is being chosen for export: which card it starts
 * at and what to do next, then the chosen span with Export… and Cancel. Escape cancels.
 */
export function ExportRangeBar({ pick, onExport, onCancel }: ExportRangeBarProps) {
  useEffect(() => {
    const cancelOnEscape = (event: KeyboardEvent) => {
      // A dialog or a field (the find bar, the composer) takes its own Escape first.
      if (event.key !== 'Escape' || event.defaultPrevented || isTextEntry(event.target)) return;
      onCancel();
    };
    document.addEventListener('keydown', cancelOnEscape);
    return () => document.removeEventListener('keydown', cancelOnEscape);
  }, [onCancel]);
  return (
    <div className="export-range-bar" role="region" aria-label="Export range">
      {pick.phase === 'started' ? (
        <span className="export-range-bar__text" role="status">
          Export from <span className="export-range-bar__end">#{pick.start.seq}</span> <span className="export-range-bar__label">{pick.start.label}</span> — now the last card&apos;s{' '}
          <span className="export-range-bar__hint">
            <RangeEndIcon end="to" /> To here
          </span>
        </span>
      ) : (
        <>
          <span className="export-range-bar__text" role="status">
            Exporting cards{' '}
            <span className="export-range-bar__end">
              #{pick.start.seq}–#{pick.end.seq}
            </span>
          </span>
          <button type="button" className="export-range-bar__export" onClick={onExport} autoFocus>
            Export…
          </button>
        </>
      )}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

function isTextEntry(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA');
}
