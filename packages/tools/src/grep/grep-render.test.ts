import { describe, expect, it } from 'vitest';
import { renderGrepText } from './grep-render';
import { retainGrepMatches } from './grep-retain';

const retention = (total: number, max = 250) =>
  retainGrepMatches(
    [
      { path: 'src/a.ts', lineNumber: 3, line: 'const needle = 1;' },
      { path: 'src/a.ts', lineNumber: 9, line: 'needle()' },
      { path: 'b "q".md', lineNumber: 1, line: '# needle' },
    ].slice(0, Math.min(3, total)),
    total,
    max,
  );

describe('renderGrepText', () => {
  it('counts, then groups matches under their file', () => {
    expect(renderGrepText(retention(3), { kind: 'not-needed' })).toBe(
      'Found 3 matches\nsrc/a.ts:\n  Line 3: const needle = 1;\n  Line 9: needle()\n\nb "q".md:\n  Line 1: # needle',
    );
  });

  it('says "1 match" and "No matches found"', () => {
    expect(renderGrepText(retention(1), { kind: 'not-needed' }).split('\n')[0]).toBe('Found 1 match');
    expect(renderGrepText(retention(0), { kind: 'not-needed' })).toBe('No matches found');
  });

  it('says K of N and names the spill file when capped', () => {
    const text = renderGrepText(retention(1234, 3), { kind: 'saved', path: '/tmp/s/grep-1.txt' });
    expect(text.split('\n')[0]).toBe('Found 3 of 1234 matches');
    expect(text.split('\n').at(-1)).toBe(
      '(Showing the first 3 of 1234 matches. The full list is saved in /tmp/s/grep-1.txt: read it with the read tool, or narrow the pattern, path or include glob.)',
    );
  });

  it('says when the full result could not be saved', () => {
    const text = renderGrepText(retention(10, 3), { kind: 'unsaved' });
    expect(text).toContain('The full result could not be saved');
    expect(text).not.toContain('saved in');
  });

  it('appends notes', () => {
    expect(renderGrepText(retention(0), { kind: 'not-needed' }, ['(Some files could not be searched: x)'])).toBe(
      'No matches found\n\n(Some files could not be searched: x)',
    );
  });
});
