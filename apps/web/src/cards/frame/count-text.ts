const grouped = new Intl.NumberFormat('en-US');

/** "1,204" — every count a card shows uses the same grouping, whatever the browser locale. */
export function formatCount(count: number): string {
  return grouped.format(count);
}

/** "1 match", "1,204 matches". */
export function countText(count: number, singular: string, plural: string): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
