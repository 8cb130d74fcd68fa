import { describe, expect, it } from 'vitest';
import { titlePiece } from './call-title';

describe('titlePiece', () => {
  it('keeps a short value whole, on one line', () => {
    expect(titlePiece('src/a.ts')).toBe('src/a.ts');
    expect(titlePiece('a\nb\tc')).toBe('a b c');
  });

  it('cuts a long path in the middle, so its file name stays', () => {
    const path = `packages/webapp/src/${'components/'.repeat(8)}channels/NotificationChannelEditor.tsx`;
    const piece = titlePiece(path);
    expect(piece.length).toBeLessThanOrEqual(80);
    expect(piece.startsWith('packages/webapp/src/')).toBe(true);
    expect(piece.endsWith('/channels/NotificationChannelEditor.tsx')).toBe(true);
    expect(piece).toContain('…');
  });

  it('never leaves half an emoji at either cut', () => {
    const piece = titlePiece('👋'.repeat(60));
    expect(piece).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });
});
