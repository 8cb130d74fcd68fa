import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export interface FilesPanelToggle {
  open: boolean;
  toggle(): void;
  close(): void;
  /** The header's Files button: focus goes back to it when the panel closes from inside. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  panelRef: RefObject<HTMLElement | null>;
}

/**
 * Whether the Files panel is open. Closing it moves focus that was in it (or behind the
 * drawer) back to the Files button, after the commit that made the header reachable again.
 */
export function useFilesPanel(drawer: boolean): FilesPanelToggle {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const returnFocus = useRef(false);

  const close = useCallback(() => {
    const active = document.activeElement;
    returnFocus.current = drawer || (active !== null && panelRef.current?.contains(active) === true);
    setOpen(false);
  }, [drawer]);

  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    buttonRef.current?.focus();
  }, [open]);

  const toggle = useCallback(() => (open ? close() : setOpen(true)), [open, close]);
  return { open, toggle, close, buttonRef, panelRef };
}
