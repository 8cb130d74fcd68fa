import { describe, expect, it } from 'vitest';
import type { FileSeen } from '@toolcards/protocol';
import { FilesSeenStore, mergeFilesSeen } from './files-seen-store';

const file = (path: string, cardCount = 1): FileSeen => ({ path, glob: { listings: cardCount }, cardCount });

describe('mergeFilesSeen', () => {
  it('replaces the list with a whole answer, and only the files an `after` answer names', () => {
    const a = file('a.ts');
    const c = file('c.ts');
    const held = mergeFilesSeen([], { sessionId: 's1', throughSeq: 3, files: [c, a] });
    expect(held).toEqual([a, c]);
    const b = file('b.ts');
    const c2 = file('c.ts', 2);
    const merged = mergeFilesSeen(held, { sessionId: 's1', throughSeq: 5, afterSeq: 3, files: [b, c2] });
    expect(merged).toEqual([a, b, c2]);
    // Unchanged entries stay the same objects.
    expect(merged[0]).toBe(a);
  });
});

describe('FilesSeenStore', () => {
  it('tells subscribers, answers per path, drops a late answer and keeps the list when a request fails', () => {
    const store = new FilesSeenStore();
    let told = 0;
    store.subscribe(() => (told += 1));
    expect(store.snapshot()).toMatchObject({ loaded: false, status: { state: 'loading' } });
    store.apply({ sessionId: 's1', throughSeq: 5, files: [file('a.ts')] });
    expect(store.fileSeen('a.ts')).toEqual(file('a.ts'));
    store.apply({ sessionId: 's1', throughSeq: 4, files: [] });
    expect(store.snapshot().files).toHaveLength(1);
    store.failed('offline');
    expect(store.snapshot()).toMatchObject({ loaded: true, throughSeq: 5, status: { state: 'failed', message: 'offline' } });
    expect(told).toBe(2);
  });
});
