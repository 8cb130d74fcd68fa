import { describe, expect, it } from 'vitest';
import { highlightedLineFromShiki } from './highlighted-line-from-shiki';

describe('highlightedLineFromShiki', () => {
  it('keeps the text and both theme colours of each token', () => {
    expect(
      highlightedLineFromShiki([
        { content: 'const', offset: 0, htmlStyle: { '--shiki-light': '#CF222E', '--shiki-dark': '#FF7B72' } },
        { content: ' x', offset: 5, htmlStyle: { '--shiki-light': '#1F2328', '--shiki-dark': '#E6EDF3' } },
      ]),
    ).toEqual([
      { text: 'const', light: '#CF222E', dark: '#FF7B72' },
      { text: ' x', light: '#1F2328', dark: '#E6EDF3' },
    ]);
  });

  it('keeps italic and underline, drops bold (it can widen glyphs)', () => {
    const [token] = highlightedLineFromShiki([
      {
        content: 'em',
        offset: 0,
        htmlStyle: {
          '--shiki-light': '#111111',
          '--shiki-light-font-style': 'italic',
          '--shiki-light-text-decoration': 'underline',
          '--shiki-light-font-weight': 'bold',
        },
      },
    ]);
    expect(token).toEqual({ text: 'em', light: '#111111', italic: true, underline: true });
  });

  it('leaves a token without style uncoloured', () => {
    expect(highlightedLineFromShiki([{ content: 'x', offset: 0 }])).toEqual([{ text: 'x' }]);
  });
});
