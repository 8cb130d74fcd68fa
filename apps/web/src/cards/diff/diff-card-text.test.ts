import { describe, expect, it } from 'vitest';
import { countsLabel, countsText, diffCardLabel, noHunksText } from './diff-card-text';

describe('diff card text', () => {
  it('writes +N −M with a true minus, and says it in words', () => {
    expect(countsText({ added: 12, removed: 3 })).toBe('+12 −3');
    expect(countsText({ added: 2500, removed: 0 })).toBe('+2,500 −0');
    expect(countsLabel({ added: 1, removed: 0 })).toBe('1 line added, 0 lines removed');
  });

  it('names the card by its file, or by how many', () => {
    expect(diffCardLabel([{ path: 'src/a.ts' }])).toBe('Edit src/a.ts');
    expect(diffCardLabel([{ path: 'a' }, { path: 'b' }])).toBe('Edit 2 files');
    expect(diffCardLabel([])).toBe('Edit (no files)');
  });

  it('says why a file has no hunks', () => {
    expect(noHunksText({ status: 'renamed' })).toBe('Renamed; the text is the same.');
    expect(noHunksText({ status: 'modified' })).toBe('No change to the text.');
  });
});
