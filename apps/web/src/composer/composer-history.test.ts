import { describe, expect, it } from 'vitest';
import { MAX_HISTORY, composerHistory, recallNext, recallPrevious, rememberInput } from './composer-history';

describe('composer history', () => {
  it('walks back and forth, returning to the draft', () => {
    let history = rememberInput(rememberInput(composerHistory(), '/read a'), '/grep b');
    const up1 = recallPrevious(history, 'half typed')!;
    expect(up1.text).toBe('/grep b');
    const up2 = recallPrevious(up1.history, up1.text)!;
    expect(up2.text).toBe('/read a');
    expect(recallPrevious(up2.history, up2.text)).toBeUndefined();
    const down1 = recallNext(up2.history)!;
    expect(down1.text).toBe('/grep b');
    const down2 = recallNext(down1.history)!;
    expect(down2.text).toBe('half typed');
    expect(recallNext(down2.history)).toBeUndefined();
    history = rememberInput(down2.history, 'sent');
    expect(history).toEqual({ entries: ['/read a', '/grep b', 'sent'], position: 3, draft: '' });
  });

  it('has nothing to recall when empty', () => {
    expect(recallPrevious(composerHistory(), 'x')).toBeUndefined();
    expect(recallNext(composerHistory())).toBeUndefined();
  });

  it('keeps a repeated input once and at most MAX_HISTORY entries', () => {
    expect(rememberInput(rememberInput(composerHistory(), 'a'), 'a').entries).toEqual(['a']);
    let history = composerHistory(Array.from({ length: MAX_HISTORY + 5 }, (_, index) => `e${index}`));
    expect(history.entries).toHaveLength(MAX_HISTORY);
    history = rememberInput(history, 'new');
    expect(history.entries).toHaveLength(MAX_HISTORY);
    expect(history.entries.at(-1)).toBe('new');
  });
});
