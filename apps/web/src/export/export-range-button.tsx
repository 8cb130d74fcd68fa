import { useExportRangePicker, useRangePick } from './export-range-context';
import './export-range.css';

type EndIcon = 'from' | 'to' | 'only';

const ICON_PATHS: Record<EndIcon, string> = {
  // "[→": a range opens here.
  from: 'M5 2.5H2.5v11H5M6 8h7M10.5 5.5 13 8l-2.5 2.5',
  // "→]": it closes here.
  to: 'M11 2.5h2.5v11H11M3 8h7M7.5 5.5 10 8l-2.5 2.5',
  // "[•]": this card alone.
  only: 'M5 2.5H2.5v11H5M11 2.5h2.5v11H11M8 7v2',
};

/** The glyph of an end of a range (the bar shows "To here"'s as well, so the button is found). */
export function RangeEndIcon({ end }: { end: EndIcon }) {
  return (
    <svg className="tc-icon tc-export-end__icon" viewBox="0 0 16 16" width="13" height="13" aria-hidden="true">
      <path d={ICON_PATHS[end]} fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A card header's export end: "Export from here" starts a range at this card; while one is
 * started, "To here" ends it at this card ("Only this" on the first card: that card alone).
 * An icon with its words beside it, the words hidden on a phone (export-range.css), so the
 * header keeps its width when a pick starts. Nothing without the workbench's picker.
 */
export function ExportRangeButton({ seq, label }: { seq: number; label: string }) {
  const picker = useExportRangePicker();
  const pick = useRangePick(picker);
  if (picker === null) return null;
  const end: EndIcon = pick.phase !== 'started' ? 'from' : pick.start.seq === seq ? 'only' : 'to';
  const words = { from: ['Export from here', 'Export from here: choose this card, then the last card of the range'], to: ['To here', 'Export to here'], only: ['Only this', 'Export only this card'] }[end];
  return (
    <button
      type="button"
      className={`tc-icon-action tc-export-end tc-export-end--${end}`}
      aria-label={end === 'from' ? words[0] : words[1]}
      title={end === 'to' && pick.phase === 'started' ? `Export the cards from #${pick.start.seq} to this one` : words[1]}
      onClick={() => picker.choose({ seq, label })}
    >
      <RangeEndIcon end={end} />
      {end !== 'from' && <span className="tc-export-end__words">{words[0]}</span>}
    </button>
  );
}
