import { describe, expect, it } from 'vitest';
import type { MaskedLiteral } from './secret-findings';
import { MASK_ALL, MASK_NONE } from './mask-settings';
import { maskedValue } from './masked-value';
import { mapRange, TextMasker } from './text-masker';

const TOKEN = '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';
const LITERALS: MaskedLiteral[] = [{ findingId: 'github-token-1', rule: 'github-token', text: TOKEN, innerStart: 0, innerEnd: TOKEN.length }];
const HOME = '/home/ada';

describe('the text masker', () => {
  it('hides found values, the words added (any case) and the home folder as ~, in one pass', () => {
    const masker = new TextMasker(LITERALS, { ...MASK_ALL, words: ['Acme Corp'], homePath: HOME });
    expect(masker.mask(`cd /home/ada/acme && echo ${TOKEN} # ACME CORP; /home/adam stays`)).toBe(
      'cd ~/acme && echo •••• (github-token) # •••• (word); /home/adam stays',
    );
    expect(Object.fromEntries(masker.counts)).toEqual({ 'home-path': 1, 'github-token': 1, word: 1 });
  });

  it('leaves an unmasked finding, the home folder when asked, and everything when off', () => {
    const text = `${HOME}/x ${TOKEN}`;
    expect(new TextMasker(LITERALS, { ...MASK_ALL, unmask: ['github-token-1'], homePath: HOME }).mask(text)).toBe(`~/x ${TOKEN}`);
    expect(new TextMasker(LITERALS, { ...MASK_ALL, unmask: ['home-path'], homePath: HOME }).mask(text)).toBe(`${HOME}/x •••• (github-token)`);
    expect(new TextMasker(LITERALS, { ...MASK_NONE, homePath: HOME }).mask(text)).toBe(text);
  });

  it('moves ranges after a mask, and widens one that starts or ends inside it to the whole mask', () => {
    const { text, edits } = new TextMasker(LITERALS, { ...MASK_ALL, homePath: HOME }).maskWithEdits(`const t = "${TOKEN}"; // ghp`);
    expect(text).toBe('const t = "•••• (github-token)"; // ghp');
    // The match on the token itself, one starting in it, and "ghp" after it.
    expect(mapRange([11, 11 + TOKEN.length], edits)).toEqual([11, 11 + '•••• (github-token)'.length]);
    expect(mapRange([15, 60], edits)).toEqual([11, 11 + '•••• (github-token)'.length + 9]);
    const after = 11 + TOKEN.length + 6;
    expect(text.slice(...mapRange([after, after + 3], edits))).toBe('ghp');
  });

  it('masks every string of an event and its view, and keeps grep ranges on the masked line', () => {
    const masker = new TextMasker(LITERALS, { ...MASK_ALL, homePath: HOME });
    const line = `token = "${TOKEN}" // ghp`;
    const view = {
      card: 'search',
      shape: 'matches',
      files: [{ path: `${HOME}/shop/${TOKEN}.ts`, matches: [{ lineNumber: 3, line, ranges: [[9, 9 + TOKEN.length], [line.length - 3, line.length]] }] }],
      truncated: false,
      total: 2,
    };
    const masked = maskedValue(view, masker);
    const match = masked.files[0]!.matches[0]!;
    expect(masked.files[0]!.path).toBe('~/shop/•••• (github-token).ts');
    expect(match.line).toBe('token = "•••• (github-token)" // ghp');
    expect(match.ranges.map((range) => match.line.slice(...(range as [number, number])))).toEqual(['•••• (github-token)', 'ghp']);
    for (const [start, end] of match.ranges as [number, number][]) expect(end).toBeLessThanOrEqual(match.line.length);
    expect(JSON.stringify(masked)).not.toContain(TOKEN);
    expect(view.files[0]!.matches[0]!.line).toBe(line);
  });
});
