import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { rawBidiControls } from '../cards/text/raw-controls';
import { AssistantMessage } from './assistant-message';

describe('AssistantMessage', () => {
  it('shows escapes before the Markdown code has loaded, and after', async () => {
    const { container } = render(<AssistantMessage text={'see **a\u202Eb** and c\u200Bd'} />);
    // The first render is the plain-text fallback (the Markdown renderer loads lazily).
    expect(container.querySelector('.tl-assistant__plain')?.textContent).toBe('see **aU+202Eb** and cU+200Bd');
    expect(rawBidiControls(container)).toEqual([]);

    await waitFor(() => expect(container.querySelector('.tl-assistant__plain')).toBeNull());
    expect(container.querySelector('strong .tc-escape--bidi')).toBeTruthy();
    expect(container.textContent).toBe('see aU+202Eb and cU+200Bd');
    expect(rawBidiControls(container)).toEqual([]);
  });
});
