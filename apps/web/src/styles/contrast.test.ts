import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColor, relativeLuminance, withMinContrast } from './contrast';

describe('contrastRatio', () => {
  it('is 21:1 for black on white and 1:1 for a colour on itself, either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0969da', '#0969da')).toBe(1);
  });

  it('matches published WCAG figures', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2); // the lightest AA grey on white
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('reads #rgb, #rgba, #rrggbb and #rrggbbaa, blending alpha over the background', () => {
    expect(parseHexColor('#0aF')).toEqual({ r: 0x00, g: 0xaa, b: 0xff, a: 1 });
    expect(parseHexColor('#00aaff80')).toEqual({ r: 0x00, g: 0xaa, b: 0xff, a: 0x80 / 255 });
    expect(parseHexColor('#0af8')!.a).toBeCloseTo(0x88 / 255);
    expect(parseHexColor('red')).toBeUndefined();
    expect(parseHexColor('#12345')).toBeUndefined();
    // Half-transparent black over white shows as mid grey.
    const grey = Math.round(255 * (1 - 0x80 / 255));
    const hex = grey.toString(16).padStart(2, '0');
    expect(contrastRatio('#00000080', '#ffffff')).toBeCloseTo(contrastRatio(`#${hex}${hex}${hex}`, '#ffffff'), 5);
    expect(contrastRatio('#00000000', '#ffffff')).toBe(1);
  });

  it('refuses what it cannot judge', () => {
    expect(() => contrastRatio('red', '#ffffff')).toThrow(/not a hex colour/);
    expect(() => contrastRatio('#000000', '#ffffff80')).toThrow(/translucent background/);
  });
});

describe('withMinContrast', () => {
  it('leaves a passing colour as it is', () => {
    expect(withMinContrast('#0969DA', ['#ffffff'])).toBe('#0969DA');
  });

  it('darkens a failing colour on light backgrounds just enough, keeping its hue', () => {
    const lifted = withMinContrast('#e36209', ['#ffffff', '#fff8c5']);
    expect(contrastRatio(lifted, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(lifted, '#fff8c5')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(lifted, '#fff8c5')).toBeLessThan(4.6); // the nearest, not black
    const { r, g, b } = parseHexColor(lifted)!;
    expect(r / 0xe3).toBeCloseTo(g / 0x62, 1); // a shade: every channel scaled alike
    expect(b).toBeLessThan(g);
  });

  it('lightens a failing colour on dark backgrounds', () => {
    const lifted = withMinContrast('#6a737d', ['#0d1117']);
    expect(contrastRatio(lifted, '#0d1117')).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(parseHexColor(lifted)!)).toBeGreaterThan(relativeLuminance(parseHexColor('#6a737d')!));
  });

  it('makes a translucent colour opaque only when it has to lift it', () => {
    expect(withMinContrast('#000000cc', ['#ffffff'])).toBe('#000000cc');
    expect(withMinContrast('#00000033', ['#ffffff'])).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrastRatio(withMinContrast('#00000033', ['#ffffff']), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('refuses backgrounds that are not all on one side', () => {
    expect(() => withMinContrast('#888888', ['#ffffff', '#000000'])).toThrow(/both light and dark/);
  });
});
