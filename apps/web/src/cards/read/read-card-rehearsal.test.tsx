import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { READ_CARD_REHEARSAL_MARK, rehearseReadCard } from './read-card-rehearsal';
import { rehearseReadCardWhenIdle } from './read-card-rehearsal-when-idle';

const rehearsals = () => performance.getEntriesByName(READ_CARD_REHEARSAL_MARK).length;

describe('the read card rehearsal', () => {
  afterEach(() => performance.clearMarks(READ_CARD_REHEARSAL_MARK));

  it('renders a read card off the document: nothing on the page or in its accessibility tree', () => {
    const stop = rehearseReadCard();
    expect(rehearsals()).toBe(1);
    expect(document.querySelector('article, .tc-card--read')).toBeNull();
    expect(document.body.textContent).not.toContain('rehearsal');
    stop();
    stop(); // a second stop (or the timer's) is harmless
  });

  it('runs when the page is first idle, unless a command is already running then', async () => {
    rehearseReadCardWhenIdle(() => true);
    let idleSeen = false;
    setTimeout(() => (idleSeen = true), 300);
    await waitFor(() => expect(idleSeen).toBe(true));
    expect(rehearsals()).toBe(0);
    rehearseReadCardWhenIdle(() => false);
    await waitFor(() => expect(rehearsals()).toBe(1));
    // The mark comes before React renders the card, which unmounts itself a second later: the
    // test waits for both, or React's scheduled render would run after this file's DOM is gone.
    await new Promise((resolve) => setTimeout(resolve, 1200));
  });
});
