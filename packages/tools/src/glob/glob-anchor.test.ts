import { describe, expect, it } from 'vitest';
import { anchoredGlob } from './glob-anchor';

describe('anchoredGlob', () => {
  it.each([
    ['*', '/*'],
    ['*.ts', '/*.ts'],
    ['*.{ts,tsx}', '/*.{ts,tsx}'],
    ['README.md', '/README.md'],
    ['**', '/**'],
    ['dist/', '/dist/'],
    ['!*.lock', '!/*.lock'],
  ])('anchors %s, which has no slash, to the folder searched: %s', (pattern, anchored) => {
    expect(anchoredGlob(pattern)).toBe(anchored);
  });

  it.each(['**/*', '**/*.ts', 'src/*.ts', 'src/**/*.test.ts', '/*.md', '!src/**'])('leaves %s as it is: a slash already anchors it', (pattern) => {
    expect(anchoredGlob(pattern)).toBe(pattern);
  });
});
