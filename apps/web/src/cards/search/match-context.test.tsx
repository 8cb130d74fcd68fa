import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileLinesResponse, SearchMatchesResultView } from '@toolcards/protocol';
import type { FileSource } from '../../net/file-source';
import { SearchMatchesCard } from './search-matches-card';

const view: SearchMatchesResultView = {
  card: 'search',
  shape: 'matches',
  title: 'Grep needle',
  files: [{ path: 'src/a.ts', matches: [{ lineNumber: 2, line: 'const needle = 1;', ranges: [[6, 12]] }] }],
  truncated: false,
  total: 1,
};

function sourceOf(texts: string[]): FileSource {
  return {
    lines: vi.fn(async (path: string, offset: number, limit: number): Promise<FileLinesResponse> => ({
      path,
      offset,
      lines: texts.slice(offset - 1, offset - 1 + limit).map((text, index) => ({ number: offset + index, text })),
      totalLines: texts.length,
      mtimeMs: 1,
      size: 1,
    })),
    freshness: async () => 'unchanged',
    watch: () => () => undefined,
  };
}

describe('a match row’s context', () => {
  it('shows ±3 lines around the match under its row, numbered, with the match still marked', async () => {
    const source = sourceOf(['// head', 'const needle = 1;', 'a', 'b', 'c', 'd', 'e']);
    render(<SearchMatchesCard view={view} fileSource={source} />);
    const toggle = screen.getByRole('button', { name: /^Show context/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    const context = await screen.findByRole('group', { name: 'Lines 1–5 of src/a.ts' });
    expect(source.lines).toHaveBeenCalledWith('src/a.ts', 1, 5);
    const numbers = [...context.querySelectorAll('[data-line-number]')].map((cell) => cell.getAttribute('data-line-number'));
    expect(numbers).toEqual(['1', '2', '3', '4', '5']);
    const matchRow = context.querySelector('[aria-current="true"]');
    expect(matchRow?.textContent).toBe('const needle = 1;');
    expect(within(matchRow as HTMLElement).getByText('needle').tagName).toBe('MARK');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(toggle);
    expect(screen.queryByRole('group', { name: /Lines/ })).toBeNull();
  });

  it('says when the line is different now, and shows a failure as such', async () => {
    render(<SearchMatchesCard view={view} fileSource={sourceOf(['// head', 'const other = 1;', 'a'])} />);
    await userEvent.click(screen.getByRole('button', { name: /^Show context/ }));
    expect((await screen.findByRole('note')).textContent).toContain('line 2 is different now');

    const failing: FileSource = { ...sourceOf([]), lines: async () => Promise.reject(new Error('File not found: src/a.ts')) };
    render(<SearchMatchesCard view={view} fileSource={failing} />);
    await userEvent.click(screen.getAllByRole('button', { name: /^Show context/ })[1]!);
    expect((await screen.findByRole('alert')).textContent).toContain('File not found: src/a.ts');
  });

  it('is not offered without a file source', () => {
    render(<SearchMatchesCard view={view} />);
    expect(screen.queryByRole('button', { name: /Show context/ })).toBeNull();
  });
});
