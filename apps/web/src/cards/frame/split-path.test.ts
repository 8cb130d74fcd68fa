import { describe, expect, it } from 'vitest';
import { splitPath } from './split-path';

describe('splitPath', () => {
  it('splits folder and name at the last separator', () => {
    expect(splitPath('src/cards/read/ReadCard.tsx')).toEqual({ folder: 'src/cards/read/', name: 'ReadCard.tsx' });
    expect(splitPath('src\\win\\file.ts')).toEqual({ folder: 'src\\win\\', name: 'file.ts' });
  });

  it('has no folder for a bare name', () => {
    expect(splitPath('README.md')).toEqual({ folder: '', name: 'README.md' });
  });

  it('keeps a trailing-separator path whole', () => {
    expect(splitPath('dist/')).toEqual({ folder: '', name: 'dist/' });
  });
});
