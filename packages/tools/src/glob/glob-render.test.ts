import { describe, expect, it } from 'vitest';
import { renderGlobText } from './glob-render';
import { retainGlobPaths } from './glob-retain';

describe('renderGlobText', () => {
  it('lists one path per line', () => {
    expect(renderGlobText(retainGlobPaths(['a.ts', 'src/b.ts'], 2, 100), { kind: 'not-needed' })).toBe('a.ts\nsrc/b.ts');
  });

  it('says "No files found"', () => {
    expect(renderGlobText(retainGlobPaths([], 0, 100), { kind: 'not-needed' })).toBe('No files found');
  });

  it('names the spill file when capped, or says it could not be saved', () => {
    const capped = retainGlobPaths(['a', 'b'], 250, 2);
    expect(renderGlobText(capped, { kind: 'saved', path: '/s/glob-1.txt' })).toBe(
      'a\nb\n\n(Showing the first 2 of 250 files. The full list is saved in /s/glob-1.txt: read it with the read tool, or narrow the pattern or path.)',
    );
    expect(renderGlobText(capped, { kind: 'unsaved' })).toContain('The full list could not be saved');
  });

  it('appends notes', () => {
    expect(renderGlobText(retainGlobPaths(['a'], 1, 100), { kind: 'not-needed' }, ['(note)'])).toBe('a\n\n(note)');
  });
});
