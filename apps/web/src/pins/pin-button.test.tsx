import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Pin, PinsResponse } from '@toolcards/protocol';
import { PinButton } from './pin-button';
import { SessionPins, type PinsSource } from './session-pins';

afterEach(cleanup);

/** The server's side of the pins, kept in memory: what was saved, and a save that may fail. */
class SavedPins implements PinsSource {
  saved: Pin[] = [];
  failNext = false;
  async pins(): Promise<PinsResponse> {
    return { pins: this.saved };
  }
  async savePins(_sessionId: string, pins: readonly Pin[]): Promise<PinsResponse> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('disk full');
    }
    this.saved = [...pins];
    return { pins: this.saved };
  }
}

const at = () => new Date(Date.UTC(2026, 11, 2, 2, 0, 0));

describe('PinButton', () => {
  it('pins the card at once and saves it; pressed again, unpins it', async () => {
    const server = new SavedPins();
    const pins = new SessionPins('s1', server, at);
    await pins.load();
    render(<PinButton pins={pins} seq={4} label="Read src/a.ts" />);
    const button = screen.getByRole('button', { name: 'Pin' });
    expect(button!.getAttribute('aria-pressed')).toBe('false');
    await act(async () => fireEvent.click(button));
    expect(screen.getByRole('button', { name: 'Pinned' })!.getAttribute('aria-pressed')).toBe('true');
    expect(server.saved).toEqual([{ seq: 4, label: 'Read src/a.ts', pinnedAt: '2026-12-02T02:00:00.000Z' }]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pinned' })));
    expect(server.saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Pin' })!.getAttribute('aria-pressed')).toBe('false');
  });

  it('takes the pin back and says why when the save fails', async () => {
    const server = new SavedPins();
    const pins = new SessionPins('s1', server, at);
    await pins.load();
    render(<PinButton pins={pins} seq={4} label="Read src/a.ts" />);
    server.failNext = true;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pin' })));
    expect(screen.getByRole('button', { name: 'Pin' })!.getAttribute('aria-pressed')).toBe('false');
    expect(pins.getSnapshot().note).toBe('The pin could not be saved: disk full');
  });

  it('shows nothing without the session pins (a gallery story)', () => {
    const { container } = render(<PinButton pins={null} seq={4} label="x" />);
    expect(container.innerHTML).toBe('');
  });
});
