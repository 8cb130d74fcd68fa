import type { LineRange } from '../cards/read/line-selection';

/**
 * In-file anchors: `#seq-12` names the card whose row starts at seq 12, `#seq-12-L5-L9`
 * lines 5–9 of it (a read card selects and scrolls to them). Pure.
 */
export interface ExportAnchor {
  seq: number;
  lines?: LineRange;
}

export function anchorHash({ seq, lines }: ExportAnchor): string {
  if (!lines) return `#seq-${seq}`;
  return lines.start === lines.end ? `#seq-${seq}-L${lines.start}` : `#seq-${seq}-L${lines.start}-L${lines.end}`;
}

export function anchorFromHash(hash: string): ExportAnchor | undefined {
  const match = /^#seq-(\d+)(?:-L(\d+)(?:-L(\d+))?)?$/.exec(hash);
  if (!match) return undefined;
  const seq = Number(match[1]);
  if (match[2] === undefined) return { seq };
  const start = Number(match[2]);
  const end = match[3] === undefined ? start : Number(match[3]);
  return { seq, lines: { start: Math.min(start, end), end: Math.max(start, end) } };
}
