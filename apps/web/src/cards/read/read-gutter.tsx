import type { KeyboardEvent } from 'react';

/** What a read card does when its line numbers are used: stable for the card's life (rows are memoized). */
export interface ReadGutterActions {
  /** A line number was clicked, or Enter/Space pressed on it; `extend`: with Shift. */
  select(line: number, extend: boolean): void;
  /** A line number took focus: it is the card's one tab stop among its numbers from now on. */
  focus(line: number): void;
}

interface ReadGutterProps {
  number: number;
  /** Without them the number is drawing only (aria-hidden), as before line selection. */
  actions?: ReadGutterActions;
  selected?: boolean;
  /** In the tab order: one number per card (a roving tab stop), the rest by the arrow keys. */
  tabbable?: boolean;
}

/**
 * A line's number. CSS draws it from `data-line-number` and it is `user-select: none`, so
 * it is never in the DOM text nor in a copy; as a button it still takes clicks and focus.
 * Keyboard: Tab reaches one number per card, ↑/↓ move between numbers, Enter or Space
 * selects the line, Shift+Enter or Shift+Space extends the selection to it.
 */
export function ReadGutter({ number, actions, selected = false, tabbable = false }: ReadGutterProps) {
  if (actions === undefined) return <span className="tc-read__gutter" data-line-number={number} aria-hidden="true" />;
  return (
    <button
      type="button"
      className="tc-read__gutter"
      data-line-number={number}
      aria-label={`Line ${number}`}
      aria-pressed={selected}
      tabIndex={tabbable ? 0 : -1}
      // A shift-click would otherwise extend the page's text selection into the code.
      onMouseDown={(event) => event.shiftKey && event.preventDefault()}
      onClick={(event) => actions.select(number, event.shiftKey)}
      onFocus={() => actions.focus(number)}
      onKeyDown={(event) => gutterKey(event, number, actions)}
    />
  );
}

function gutterKey(event: KeyboardEvent<HTMLButtonElement>, number: number, actions: ReadGutterActions): void {
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    // A window's lines are consecutive: the neighbour is number ± 1, if it is rendered.
    const next = number + (event.key === 'ArrowDown' ? 1 : -1);
    const lines = event.currentTarget.closest('.tc-read__lines');
    lines?.querySelector<HTMLElement>(`.tc-read__gutter[data-line-number="${next}"]`)?.focus();
    event.preventDefault();
    return;
  }
  // Plain Enter/Space click the button; with Shift the click might not say so in every browser.
  if ((event.key === 'Enter' || event.key === ' ') && event.shiftKey) {
    event.preventDefault();
    actions.select(number, true);
  }
}
