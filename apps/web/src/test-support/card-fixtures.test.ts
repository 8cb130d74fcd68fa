import { describe, expect, it } from 'vitest';
import { callViewFromWire, resultViewFromWire } from '@toolcards/protocol';
import {
  callFixtures,
  genericFixtures,
  readFixtures,
  resultFixtures,
  searchMatchesFixtures,
  searchPathsFixtures,
} from './card-fixtures';

const validResultViews = {
  ...prefixed('read', readFixtures),
  ...prefixed('matches', searchMatchesFixtures),
  ...prefixed('paths', searchPathsFixtures),
  ...prefixed('generic', genericFixtures),
};

function prefixed<T>(prefix: string, fixtures: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(fixtures).map(([name, value]) => [`${prefix}.${name}`, value]));
}

describe('fixtures', () => {
  it.each(Object.entries(validResultViews))('result view %s passes the wire validator unchanged', (_, view) => {
    expect(resultViewFromWire(view)).toEqual(view);
  });

  it.each(Object.entries(callFixtures))('call view %s passes the wire validator unchanged', (_, view) => {
    expect(callViewFromWire(view)).toEqual(view);
  });

  it('has the raw fallback views fail the validator, as they are meant to', () => {
    expect(resultViewFromWire(resultFixtures.unknownCard.wireView)).toBeUndefined();
    expect(resultViewFromWire(resultFixtures.malformedRead.wireView)).toBeUndefined();
  });

  it('covers a call of every kind', () => {
    const kinds = Object.values(callFixtures).map((view) => ('kind' in view ? view.kind : undefined));
    expect(new Set(kinds)).toEqual(new Set(['read', 'edit', 'delete', 'move', 'search', 'execute', 'fetch', 'other', undefined]));
  });

  it('has the sizes the states are named for', () => {
    expect(readFixtures.longTypescript.lines).toHaveLength(2000);
    expect(readFixtures.longLine.lines[1]!.text).toHaveLength(2000);
    expect(readFixtures.lineLongerThanRow.lines[1]!.text).toHaveLength(12_000);
    expect(readFixtures.middleOfFile.lines[0]!.number).toBe(1200);
    expect(readFixtures.crlfSourced.lines.some((line) => line.text.includes('\r'))).toBe(false);
    const truncated = searchMatchesFixtures.truncated;
    expect(truncated.files).toHaveLength(100);
    expect(truncated.files.reduce((sum, file) => sum + file.matches.length, 0)).toBe(250);
    expect(searchPathsFixtures.truncated.paths).toHaveLength(100);
  });
});
