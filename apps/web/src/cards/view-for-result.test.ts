import { describe, expect, it } from 'vitest';
import { readFixtures, resultFixtures, searchMatchesFixtures } from '../test-support/card-fixtures';
import { viewForCall, viewForResult } from './view-for-result';

const ok = { content: [{ type: 'text' as const, text: 'raw text' }], isError: false };

describe('viewForResult', () => {
  it('returns a valid wire view as it is', () => {
    expect(viewForResult(ok, readFixtures.typescript)).toEqual(readFixtures.typescript);
    expect(viewForResult(ok, searchMatchesFixtures.fewMatches)).toEqual(searchMatchesFixtures.fewMatches);
  });

  it('turns an error into a generic card titled with the call and what went wrong, whatever view came', () => {
    const { result } = resultFixtures.error;
    const expected = { card: 'generic', title: 'Read src/missing.ts — file not found', content: result.error.message };
    expect(viewForResult(result, undefined, 'Read src/missing.ts')).toEqual(expected);
    expect(viewForResult(result, readFixtures.typescript, 'Read src/missing.ts')).toEqual(expected);
    expect(viewForResult(result, undefined)).toEqual({ ...expected, title: 'File not found' });
  });

  it("draws a failed shell command (an error result) as its terminal card, not as an error", () => {
    const terminal = { card: 'terminal' as const, command: 'npm test', exitCode: 1, output: 'FAIL\n', truncated: false };
    expect(viewForResult({ ...ok, isError: true }, terminal)).toEqual(terminal);
    // A malformed one is an error card as before.
    expect(viewForResult({ ...ok, isError: true }, { ...terminal, exitCode: 'one' })).toEqual({ card: 'generic', content: 'raw text' });
  });

  it('shows the text of an error without a structured error', () => {
    expect(viewForResult({ ...ok, isError: true }, undefined)).toEqual({ card: 'generic', content: 'raw text' });
  });

  it('falls back to the result text for an unknown card, keeping its title', () => {
    const { result, wireView } = resultFixtures.unknownCard;
    expect(viewForResult(result, wireView)).toEqual({ card: 'generic', title: 'edit src/a.ts', content: result.content[0]!.text });
  });

  it('falls back to the result text for a malformed read view', () => {
    const { result, wireView } = resultFixtures.malformedRead;
    expect(viewForResult(result, wireView)).toEqual({ card: 'generic', content: result.content[0]!.text });
  });

  it('joins every text block when there is no view', () => {
    const { result } = resultFixtures.noView;
    expect(viewForResult(result, undefined)).toEqual({ card: 'generic', content: 'first block\nsecond block' });
  });

  it('never throws on a hostile view', () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('boom'); } });
    expect(viewForResult(ok, hostile)).toEqual({ card: 'generic', content: 'raw text' });
    expect(viewForResult(ok, null)).toEqual({ card: 'generic', content: 'raw text' });
    expect(viewForResult(ok, 'read')).toEqual({ card: 'generic', content: 'raw text' });
  });
});

describe('viewForCall', () => {
  it('returns a valid call view as it is', () => {
    const view = { card: 'generic', title: 'read a.ts', kind: 'read', locations: [{ path: 'a.ts', line: 3 }] };
    expect(viewForCall('read', view)).toEqual(view);
  });

  it('falls back to a generic card titled with the tool name', () => {
    expect(viewForCall('grep', undefined)).toEqual({ card: 'generic', title: 'grep' });
    expect(viewForCall('grep', { card: 'search', title: 'x' })).toEqual({ card: 'generic', title: 'grep' });
    expect(viewForCall('grep', { card: 'generic', title: 'x', kind: 'teleport' })).toEqual({ card: 'generic', title: 'grep' });
  });
});
