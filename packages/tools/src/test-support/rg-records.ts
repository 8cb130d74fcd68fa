/**
 * ripgrep `--json` records, laid out field for field as ripgrep 15 writes
 * them, for tests of the stream readers. Lines are text unless given as bytes.
 */

type RgValue = { text: string } | { bytes: string };

function value(data: string | Buffer): RgValue {
  return typeof data === 'string' ? { text: data } : { bytes: data.toString('base64') };
}

export function beginRecord(path: string | Buffer): string {
  return JSON.stringify({ type: 'begin', data: { path: value(path) } });
}

export function matchRecord(path: string | Buffer, lineNumber: number, line: string | Buffer, needle?: string): string {
  const bytes = typeof line === 'string' ? Buffer.from(line) : line;
  const submatches: { match: RgValue; start: number; end: number }[] = [];
  if (needle !== undefined) {
    const target = Buffer.from(needle);
    for (let at = bytes.indexOf(target); at !== -1; at = bytes.indexOf(target, at + target.length)) {
      submatches.push({ match: { text: needle }, start: at, end: at + target.length });
    }
  }
  return JSON.stringify({
    type: 'match',
    data: { path: value(path), lines: value(line), line_number: lineNumber, absolute_offset: 0, submatches },
  });
}

export function endRecord(path: string): string {
  return JSON.stringify({ type: 'end', data: { path: { text: path }, binary_offset: null, stats: { matches: 1 } } });
}

export const SUMMARY_RECORD = JSON.stringify({ data: { elapsed_total: { secs: 0 }, stats: { matches: 1 } }, type: 'summary' });
