import { describe, expect, it } from 'vitest';
import type { ThemeRegistration } from '@shikijs/types';
import { contrastRatio } from '../styles/contrast';
import { readableTheme, themeForegrounds } from './readable-theme';

const THEME: ThemeRegistration = {
  name: 'test-light',
  type: 'light',
  colors: { 'editor.foreground': '#24292e', 'editor.background': '#ffffff' },
  tokenColors: [
    { scope: 'keyword', settings: { foreground: '#d73a49' } },
    { scope: 'variable', settings: { foreground: '#e36209' } },
    { scope: 'markup.ignored', settings: { foreground: '#f6f8fa', background: '#005cc5' } },
    { scope: 'markup.bold', settings: { fontStyle: 'bold' } },
  ],
};

describe('readableTheme', () => {
  const readable = readableTheme(THEME, ['#ffffff']);

  it('lifts each colour that falls short of 4.5:1 and keeps the others', () => {
    expect(themeForegrounds(readable)[0]).toBe('#24292e');
    const [keyword, variable, ignored, bold] = readable.tokenColors!;
    expect(keyword!.settings.foreground).toBe('#d73a49');
    expect(variable!.settings.foreground).not.toBe('#e36209');
    expect(contrastRatio(variable!.settings.foreground!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // A token's own background is not drawn by the cards: its colour must read on the card.
    expect(contrastRatio(ignored!.settings.foreground!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(bold).toEqual(THEME.tokenColors![3]);
    expect(readable.name).toBe('test-light');
  });

  it('leaves the theme it was given alone', () => {
    expect(THEME.tokenColors![1]!.settings.foreground).toBe('#e36209');
    expect(THEME.colors!['editor.foreground']).toBe('#24292e');
  });

  it('lifts the foreground and `settings` entries too', () => {
    const old = readableTheme(
      { name: 'old', type: 'dark', fg: '#333333', settings: [{ settings: { foreground: '#444444' } }] },
      ['#0d1117'],
    );
    expect(contrastRatio(old.fg!, '#0d1117')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(old.settings![0]!.settings.foreground!, '#0d1117')).toBeGreaterThanOrEqual(4.5);
  });
});
