import { TimelineBuilder } from '../model/rows-from-events';
import type { TimelineRow } from '../model/timeline-row';
import type { ExportFileItem } from '@toolcards/protocol';

/**
 * The file's items as timeline rows, through the app's own events → rows model, block by
 * block. An export has holes in its seqs, on purpose: a range starts mid-session, and an
 * assistant message is one item at its first delta's seq (the other deltas' seqs are gone):
 * the builder steps over a hole, as over a skipped log line. An item out of order is skipped.
 */
export class ExportRows {
  private builder: TimelineBuilder | undefined;

  /** Adds a block of items; the rows so far (a new array when anything changed). */
  add(items: readonly ExportFileItem[]): readonly TimelineRow[] {
    this.builder ??= new TimelineBuilder(items[0]?.event.seq ?? 0);
    for (const item of items) {
      this.builder.skipTo(item.event.seq);
      this.builder.append(item.view === undefined ? { event: item.event } : { event: item.event, view: item.view });
    }
    return this.builder.rowsSnapshot();
  }
}
