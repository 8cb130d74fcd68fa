import { describe, expect, it } from 'vitest';
import { mixedScriptDescription, mixedScriptWords } from './mixed-script';

describe('mixedScriptWords', () => {
  it('flags a Latin word with a Cyrillic look-alike letter, and names the impostor', () => {
    expect(mixedScriptWords('p\u0430ckage.json')).toEqual([
      { word: 'p\u0430ckage', scripts: ['Latin', 'Cyrillic'], oddLetters: [{ letter: '\u0430', script: 'Cyrillic', codePoint: 0x430 }] },
    ]);
  });

  it('flags Greek mixed into Latin, anywhere in a path', () => {
    expect(mixedScriptWords('src/c\u03BFnfig/index.ts').map((word) => word.scripts)).toEqual([['Latin', 'Greek']]);
  });

  it('leaves single-script words alone, whatever the script', () => {
    expect(mixedScriptWords('package.json')).toEqual([]);
    expect(mixedScriptWords('отчёт.txt')).toEqual([]);
    expect(mixedScriptWords('docs/αβγ-notes.md')).toEqual([]);
    expect(mixedScriptWords('README_日本語.md')).toEqual([]);
    expect(mixedScriptWords('отчёт_final.txt')).toEqual([]);
  });

  it('takes the script with most letters as the main one', () => {
    expect(mixedScriptWords('пpивет')[0]).toMatchObject({ scripts: ['Cyrillic', 'Latin'], oddLetters: [{ letter: 'p', script: 'Latin' }] });
  });
});

describe('mixedScriptDescription', () => {
  it('says which word mixes which scripts, and with what letter', () => {
    expect(mixedScriptDescription(mixedScriptWords('p\u0430ckage.json'))).toBe(
      'Mixed scripts: “p\u0430ckage” mixes Latin and Cyrillic letters (Cyrillic \u0430 U+0430). Letters that look alike can make one name imitate another.',
    );
  });
});
