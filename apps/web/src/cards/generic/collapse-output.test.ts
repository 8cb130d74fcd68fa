import { describe, expect, it } from 'vitest';
import { collapseOutput } from './collapse-output';

const numbered = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n');

describe('collapseOutput', () => {
  it('returns short output whole', () => {
    expect(collapseOutput('a\nb\n')).toEqual({ text: 'a\nb\n', totalLines: 2, hiddenLines: 0 });
    expect(collapseOutput(numbered(30))).toMatchObject({ totalLines: 30, hiddenLines: 0 });
  });

  it('keeps the first lines of long output and counts the rest', () => {
    const collapsed = collapseOutput(numbered(100));
    expect(collapsed.text).toBe(numbered(30));
    expect(collapsed).toMatchObject({ totalLines: 100, hiddenLines: 70 });
  });

  it('collapses one enormous line by characters', () => {
    const collapsed = collapseOutput('x'.repeat(100_000), 30, 6000);
    expect(collapsed.text.length).toBe(6000);
    expect(collapsed).toMatchObject({ totalLines: 1, hiddenLines: 1 });
  });

  it('never cuts an emoji in half at the character limit', () => {
    const collapsed = collapseOutput(`${'x'.repeat(5999)}😀${'y'.repeat(100)}`, 30, 6000);
    expect(collapsed.text).toBe('x'.repeat(5999));
  });

  it('has nothing to hide in empty output', () => {
    expect(collapseOutput('')).toEqual({ text: '', totalLines: 0, hiddenLines: 0 });
  });
});
