import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { rawBidiControls } from '../cards/text/raw-controls';
import { UserMessage } from './user-message';

describe('UserMessage', () => {
  it('shows bidi and zero-width characters as the cards’ escape chips, and keeps line breaks', () => {
    const { container } = render(<UserMessage text={'open report\u202Efdp.exe\nand zw\u200Bsp'} />);
    expect(rawBidiControls(container)).toEqual([]);
    expect(container.textContent).not.toContain('\u200B');
    expect(container.textContent).toBe('open reportU+202Efdp.exe\nand zwU+200Bsp');
    expect(screen.getByRole('img', { name: /^U\+202E right-to-left override/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^U\+200B zero width space/ })).toBeTruthy();
  });
});
