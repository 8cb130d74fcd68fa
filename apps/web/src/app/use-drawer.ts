import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export interface Drawer {
  open: boolean;
  /** Open on a narrow screen: a modal drawer over the timeline, the page behind it inert. */
  modal: boolean;
  toggle(): void;
  close(): void;
  /** The header's button that opens it: focus goes back to it when the panel closes. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  panelRef: RefObject<HTMLElement | null>;
}

/**
 * A side panel of the workbench (Sessions, Files): a column beside the timeline, or on a narrow
 * screen a modal drawer that takes the focus when it opens and closes on Escape anywhere.
 * Closing moves focus that was in it (or behind the drawer) back to its header button, after
 * the commit that made the header reachable again, not to the page. `openAtFirst`: shown when
 * the page opens (the outline beside a wide timeline).
 */
export function useDrawer(narrow: boolean, openAtFirst = false): Drawer {
  const [open, setOpen] = useState(openAtFirst);
  const modal = open && narrow;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const returnFocus = useRef(false);

  const close = useCallback(() => {
    const active = document.activeElement;
    returnFocus.current = narrow || (active !== null && panelRef.current?.contains(active) === true);
    setOpen(false);
  }, [narrow]);

  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    buttonRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!modal) return undefined;
    panelRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [modal, close]);

  const toggle = useCallback(() => (open ? close() : setOpen(true)), [open, close]);
  return { open, modal, toggle, close, buttonRef, panelRef };
}
