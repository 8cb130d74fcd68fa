import { TimelineBuilder } from '../model/rows-from-events';
import type { TimelineRow } from '../model/timeline-row';
import type { ExportFileItem } from './export-file-data';

/**
 * The file's items as timeline rows, through the app's own events → rows model. A range export
 * starts mid-session: the builder starts at the first item's seq; an item out of order is skipped.
 */
export function exportRows(items: readonly ExportFileItem[]): readonly TimelineRow[] {
  const builder = new TimelineBuilder(items[0]?.event.seq ?? 0);
  for (const item of items) builder.append(item.view === undefined ? { event: item.event } : { event: item.event, view: item.view });
  return builder.rowsSnapshot();
}
