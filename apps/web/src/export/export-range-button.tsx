import { useExportRangePicker, useRangePick } from './export-range-context';
import './export-range.css';

/**
 * A card header's export end: "Export from here" starts a range at this card (an icon, the
 * words its name); while one is started, "To here" ends it at this card (the first card
 * itself: "Only this", a range of that one card). Nothing without the workbench's picker.
 */
export function ExportRangeButton({ seq, label }: { seq: number; label: string }) {
  const picker = useExportRangePicker();
  const pick = useRangePick(picker);
  if (picker === null) return null;
  const choose = () => picker.choose({ seq, label });
  if (pick.phase === 'started') {
    const first = pick.start.seq === seq;
    return (
      <button
        type="button"
        className={first ? 'tc-card__action tc-export-end tc-export-end--start' : 'tc-card__action tc-export-end'}
        aria-label={first ? 'Export only this card' : 'Export to here'}
        title={first ? 'Export this card alone' : `Export the cards from #${pick.start.seq} to this one`}
        onClick={choose}
      >
        {first ? 'Only this' : 'To here'}
      </button>
    );
  }
  return (
    <button type="button" className="tc-icon-action tc-export-end" title="Export from here: choose this card, then the last card of the range" onClick={choose}>
      <svg className="tc-icon" viewBox="0 0 16 16" width="13" height="13" aria-hidden="true">
        <path d="M4 2.5H2.5v11H4M12 2.5h1.5v11H12M5.5 8h5M8.5 5.5 11 8l-2.5 2.5" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="tc-visually-hidden">Export from here</span>
    </button>
  );
}
