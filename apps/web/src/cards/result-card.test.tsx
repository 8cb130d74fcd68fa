import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ToolResultView } from '@toolcards/protocol';
import { genericFixtures, readFixtures, resultFixtures, searchMatchesFixtures, searchPathsFixtures } from '../test-support/card-fixtures';
import { ResultCard, cardChunksReady } from './result-card';
import { viewForResult } from './view-for-result';

// The cards fetched with the page are in before anything is drawn here.
beforeAll(() => cardChunksReady);

const cardClass = (container: HTMLElement) => container.querySelector('.tc-card')!.className;

describe('ResultCard', () => {
  it('picks the card from the view', () => {
    const cases: [ToolResultView, string][] = [
      [genericFixtures.plainOutput, 'tc-card--generic'],
      [{ ...readFixtures.plainText }, 'tc-card--read'],
      [searchMatchesFixtures.fewMatches, 'tc-card--search'],
      [searchPathsFixtures.shortList, 'tc-card--search'],
    ];
    for (const [view, expected] of cases) {
      const { container, unmount } = render(<ResultCard view={view} />);
      expect(cardClass(container)).toContain(expected);
      unmount();
    }
  });

  it('routes search views by shape', () => {
    render(<ResultCard view={searchMatchesFixtures.fewMatches} />);
    expect(screen.getByText('5 matches in 3 files')).toBeTruthy();
    render(<ResultCard view={searchPathsFixtures.shortList} />);
    expect(screen.getByText('3 files')).toBeTruthy();
  });

  describe('falls back to the generic card', () => {
    it('for an error result, showing code and message', () => {
      const { result, wireView } = resultFixtures.error;
      const { container } = render(<ResultCard view={viewForResult(result, wireView, 'Read src/missing.ts')} isError errorCode={result.error.code} />);
      expect(cardClass(container)).toContain('tc-card--error');
      expect(screen.getByText('Read src/missing.ts — file not found')).toBeTruthy();
      expect(screen.getByText('FS_NOT_FOUND')).toBeTruthy();
      expect(screen.getByText(result.error.message)).toBeTruthy();
    });

    it('for an unknown card, showing the result text', () => {
      const { result, wireView } = resultFixtures.unknownCard;
      const { container } = render(<ResultCard view={viewForResult(result, wireView)} />);
      expect(cardClass(container)).toContain('tc-card--generic');
      expect(container.querySelector('pre')!.textContent).toBe(result.content[0]!.text);
    });

    it('for a malformed read view, showing the result text', () => {
      const { result, wireView } = resultFixtures.malformedRead;
      const { container } = render(<ResultCard view={viewForResult(result, wireView)} />);
      expect(cardClass(container)).toContain('tc-card--generic');
      expect(container.querySelector('.tc-read__row')).toBeNull();
      expect(container.querySelector('pre')!.textContent).toBe(result.content[0]!.text);
    });

    it('for a view that skipped validation and matches no card', () => {
      const unvalidated = { card: 'chart', points: [1, 2] } as unknown as ToolResultView;
      const { container } = render(<ResultCard view={unvalidated} />);
      expect(cardClass(container)).toContain('tc-card--generic');
      expect(screen.getByText('Unsupported result')).toBeTruthy();
    });

    it('for a search view of an unknown shape that skipped validation', () => {
      const unvalidated = { card: 'search', shape: 'tree', truncated: false, total: 0 } as unknown as ToolResultView;
      const { container } = render(<ResultCard view={unvalidated} />);
      expect(cardClass(container)).toContain('tc-card--generic');
    });
  });
});
