import type { FileCard, FileGrepHits, FileReadCoverage, SeenLineRange } from '@toolcards/protocol';
import { countText, formatCount } from '../frame/count-text';

/** At most this many ranges are spelled out; the rest are counted. */
const MAX_RANGES_SPELLED = 4;

/** "1–40, 90–120", "7", or "1–40, 90–120, 150–160, 200–210 and 3 more ranges". */
export function rangesText(ranges: readonly SeenLineRange[]): string {
  const spelled = ranges.slice(0, MAX_RANGES_SPELLED).map(([first, last]) => (first === last ? formatCount(first) : `${formatCount(first)}–${formatCount(last)}`));
  const rest = ranges.length - spelled.length;
  return rest > 0 ? `${spelled.join(', ')} and ${countText(rest, 'more range', 'more ranges')}` : spelled.join(', ');
}

/** "35%", "<0.1%" (some, but under a tenth), "100%". */
export function percentText(percent: number, linesSeen: number): string {
  if (percent === 0 && linesSeen > 0) return '<0.1%';
  return `${percent}%`;
}

/** "lines 1–40, 90–120 · 35% of 200"; "line 7 · 0.5% of 200"; an empty file: "empty file". */
export function coverageText(read: Pick<FileReadCoverage, 'ranges' | 'linesSeen' | 'totalLines' | 'percentSeen'>): string {
  if (read.totalLines === 0) return 'empty file';
  if (read.ranges.length === 0) return `no lines · 0% of ${formatCount(read.totalLines)}`;
  const single = read.ranges.length === 1 && read.ranges[0]![0] === read.ranges[0]![1];
  return `${single ? 'line' : 'lines'} ${rangesText(read.ranges)} · ${percentText(read.percentSeen, read.linesSeen)} of ${formatCount(read.totalLines)}`;
}

/** "3 grep hits", "250+ grep hits" when a capped search may have left some out. */
export function grepText(grep: Pick<FileGrepHits, 'hits' | 'capped'>): string {
  return grep.capped ? `${formatCount(grep.hits)}+ grep hits` : countText(grep.hits, 'grep hit', 'grep hits');
}

/** "listed by 1 glob", "listed by 4 globs". */
export function globText(listings: number): string {
  return `listed by ${countText(listings, 'glob', 'globs')}`;
}

/** What a card did with the file, in a few words: "read lines 1–40", "grep matches", "glob listing". */
export function fileCardText(card: Pick<FileCard, 'touch' | 'window'>): string {
  switch (card.touch) {
    case 'read':
      return card.window === undefined ? 'read' : `read ${card.window[0] === card.window[1] ? 'line' : 'lines'} ${rangesText([card.window])}`;
    case 'matches':
      return 'grep matches';
    case 'paths':
      return 'glob listing';
  }
}
