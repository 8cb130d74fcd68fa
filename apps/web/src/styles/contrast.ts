/**
 * WCAG 2.x contrast, for the colours the cards and the shell draw text with: relative
 * luminance, contrast ratio, and #rgb / #rgba / #rrggbb / #rrggbbaa parsing with the alpha
 * blended over the background the text sits on. Pure; used by the highlighter (to lift
 * token colours that fall short) and by the contrast test.
 */

/** WCAG AA for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0 … 1 */
  a: number;
}

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (any case); undefined for anything else. */
export function parseHexColor(color: string): Rgba | undefined {
  const match = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color.trim());
  if (!match) return undefined;
  let hex = match[1]!;
  if (hex.length <= 4) hex = [...hex].map((digit) => digit + digit).join('');
  const channel = (index: number) => parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return { r: channel(0), g: channel(1), b: channel(2), a: hex.length === 8 ? channel(3) / 255 : 1 };
}

/** An opaque colour as `#rrggbb` (lower case). */
export function toHex({ r, g, b }: Rgba): string {
  return `#${[r, g, b].map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
}

/** `color` as it shows over the opaque `background`: its alpha blended away. */
export function blend(color: Rgba, background: Rgba): Rgba {
  const mix = (front: number, back: number) => front * color.a + back * (1 - color.a);
  return { r: mix(color.r, background.r), g: mix(color.g, background.g), b: mix(color.b, background.b), a: 1 };
}

/** WCAG relative luminance of an opaque colour, 0 (black) … 1 (white). */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The contrast ratio (1 … 21) of text in `foreground` on `background`, both hex colours;
 * a translucent foreground is blended over the background first. Throws on a colour it
 * cannot parse, or a translucent background (there is nothing known below it).
 */
export function contrastRatio(foreground: string, background: string): number {
  const back = parseHexColor(background);
  const front = parseHexColor(foreground);
  if (!back || !front) throw new Error(`not a hex colour: ${back ? foreground : background}`);
  if (back.a !== 1) throw new Error(`translucent background: ${background}`);
  return ratio(blend(front, back), back);
}

function ratio(a: Rgba, b: Rgba): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `foreground` if it already reaches `min` on every one of `backgrounds`; otherwise the
 * nearest passing shade of it: mixed with black when the backgrounds are light, with white
 * when they are dark, just enough to pass on all of them. Mixing with black or white keeps
 * the hue, so a failing orange stays orange, only darker (or lighter). Returns opaque
 * `#rrggbb` when it changes anything; a translucent foreground is first blended over the
 * first background. Throws when the backgrounds are not all light or all dark.
 */
export function withMinContrast(foreground: string, backgrounds: readonly string[], min = MIN_TEXT_CONTRAST): string {
  const passes = (color: string) => backgrounds.every((background) => contrastRatio(color, background) >= min);
  if (passes(foreground)) return foreground;
  const backs = backgrounds.map((background) => parseHexColor(background)!);
  const light = backs.every((back) => relativeLuminance(back) > 0.18);
  if (!light && !backs.every((back) => relativeLuminance(back) <= 0.18)) {
    throw new Error(`backgrounds both light and dark: ${backgrounds.join(', ')}`);
  }
  const front = blend(parseHexColor(foreground)!, backs[0]!);
  const target: Rgba = light ? { r: 0, g: 0, b: 0, a: 1 } : { r: 255, g: 255, b: 255, a: 1 };
  const mixed = (amount: number) => toHex(blend({ ...target, a: amount }, front));
  // The least mix that passes: moving towards black (white) only raises the contrast
  // on a light (dark) background, so a binary search over the amount finds it.
  let low = 0;
  let high = 1;
  for (let step = 0; step < 20; step++) {
    const middle = (low + high) / 2;
    if (passes(mixed(middle))) high = middle;
    else low = middle;
  }
  return mixed(high);
}
