import type { ThemeRegistration } from '@shikijs/types';
import { parseHexColor, withMinContrast } from '../styles/contrast';

/**
 * A copy of a Shiki theme whose text colours all reach WCAG AA (4.5:1) on each of
 * `backgrounds` — where the cards draw its tokens. The theme's foreground and every token
 * colour that falls short is replaced by the nearest darker (on a light background) or
 * lighter (on a dark one) shade of itself; colours that pass are left as they are.
 *
 * The cards drop the background a token colour carries (Shiki's `markup.ignored`, a stray
 * carriage return), so its foreground is checked on the card's background like any other.
 * Pure; runs wherever the highlighter is created (the worker, or the main thread).
 */
export function readableTheme(theme: ThemeRegistration, backgrounds: readonly string[]): ThemeRegistration {
  const lift = (color: string | undefined) =>
    color !== undefined && parseHexColor(color) ? withMinContrast(color, backgrounds) : color;
  const liftSettings = (entries: ThemeRegistration['tokenColors']) =>
    entries?.map((entry) =>
      entry.settings.foreground === undefined
        ? entry
        : { ...entry, settings: { ...entry.settings, foreground: lift(entry.settings.foreground) } },
    );
  const readable: ThemeRegistration = { ...theme };
  if (theme.colors) {
    readable.colors = { ...theme.colors };
    const foreground = theme.colors['editor.foreground'];
    if (foreground !== undefined) readable.colors['editor.foreground'] = lift(foreground)!;
  }
  if (theme.fg !== undefined) readable.fg = lift(theme.fg)!;
  if (theme.tokenColors) readable.tokenColors = liftSettings(theme.tokenColors);
  if (theme.settings) readable.settings = liftSettings(theme.settings);
  return readable;
}

/** Every text colour a theme can give a token: its foreground and each token colour's. */
export function themeForegrounds(theme: ThemeRegistration): string[] {
  const colors = [theme.fg, theme.colors?.['editor.foreground']];
  for (const entry of [...(theme.tokenColors ?? []), ...(theme.settings ?? [])]) colors.push(entry.settings.foreground);
  return [...new Set(colors.filter((color): color is string => color !== undefined))];
}
