import type { RangeEnd } from './export-range-pick';

/**
 * How the dialog names an end of its range: the card chosen in the timeline while its seq
 * is the field's ('#12 Read src/a.ts'), else the bare seq, else the session's start or end. Pure.
 */
export function rangeEndName(seq: number | undefined, picked: RangeEnd | undefined, edge: 'start' | 'end'): string {
  if (seq === undefined) return edge === 'start' ? "the session's start" : "the session's end";
  if (picked !== undefined && picked.seq === seq) return `#${seq} ${picked.label}`;
  return `#${seq}`;
}
