import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { BidiWarning } from './bidi-warning';
import { MixedScriptMarker } from './mixed-script-marker';
import { rawBidiControls } from './raw-controls';
import { VisibleText } from './visible-text';

describe('VisibleText', () => {
  it('shows a right-to-left override as a named chip, never as the raw control', () => {
    const { container } = render(<VisibleText text={'report\u202Etxt.exe'} />);
    expect(container.textContent).toBe('reportU+202Etxt.exe');
    const chip = screen.getByRole('img', { name: /^U\+202E right-to-left override: a bidirectional control character/ });
    expect(chip.getAttribute('title')).toBe(chip.getAttribute('aria-label'));
    expect(chip.classList.contains('tc-escape--bidi')).toBe(true);
    expect(rawBidiControls(container)).toEqual([]);
  });

  it('shows a zero-width space where it sits', () => {
    const { container } = render(<VisibleText text={'zw\u200Bspace.ts'} />);
    expect(container.textContent).toBe('zwU+200Bspace.ts');
    expect(screen.getByRole('img', { name: /^U\+200B zero width space/ })).toBeTruthy();
  });

  it('renders ordinary text as a bare text node', () => {
    const { container } = render(<VisibleText text="src/a.ts" />);
    expect(container.innerHTML).toBe('src/a.ts');
  });

  it('keeps line breaks of multi-line text', () => {
    const { container } = render(<VisibleText text={'a\nb'} multiline />);
    expect(container.innerHTML).toBe('a\nb');
  });
});

describe('MixedScriptMarker', () => {
  it('flags a name with a Cyrillic letter among Latin ones, and says which', () => {
    render(<MixedScriptMarker text={'p\u0430ckage.json'} />);
    const marker = screen.getByRole('img', { name: /^Mixed scripts: “p\u0430ckage” mixes Latin and Cyrillic letters \(Cyrillic \u0430 U\+0430\)/ });
    expect(marker.textContent).toContain('mixed scripts');
  });

  it('shows nothing for a single-script name', () => {
    const { container } = render(<MixedScriptMarker text="docs/отчёт.txt" />);
    expect(container.innerHTML).toBe('');
  });
});

describe('BidiWarning', () => {
  it('explains what bidi controls do', () => {
    render(<BidiWarning />);
    expect(screen.getByRole('note').textContent).toMatch(/bidirectional Unicode control characters, which can make text display differently from how it is stored/);
  });
});
