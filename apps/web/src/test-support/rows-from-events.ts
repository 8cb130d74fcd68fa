import { TimelineBuilder } from '../model/rows-from-events';
import type { EventDelivery, TimelineRow } from '../model/timeline-row';

/**
 * Timeline rows for a run of delivered events, in seq order. Duplicates and stale seqs are
 * ignored; a gap stops the derivation there — later events cannot be placed until the
 * missing ones arrive.
 */
export function rowsFromEvents(deliveries: Iterable<EventDelivery>): readonly TimelineRow[] {
  const builder = new TimelineBuilder();
  for (const delivery of deliveries) {
    if (builder.append(delivery) === 'gap') break;
  }
  return builder.rowsSnapshot();
}
