import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { rawBidiControls } from '../cards/text/raw-controls';
import { TurnEndNotice } from './turn-end-notice';

describe('TurnEndNotice', () => {
  it('shows a failed turn\'s message with bidi controls as escape chips', () => {
    const { container } = render(<TurnEndNotice reason="error" error={'model said: run\u202Etxt.exe'} />);
    expect(rawBidiControls(container)).toEqual([]);
    expect(container.textContent).toContain('Turn failed');
    expect(screen.getByRole('img', { name: /^U\+202E right-to-left override/ })).toBeTruthy();
  });
});
