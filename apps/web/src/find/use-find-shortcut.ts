import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Ctrl+F (Cmd+F on a Mac) while the app has focus opens "Find in session" instead of the
 * browser's find, which misses everything the virtualized timeline has not mounted. Pressed
 * again it returns to the box (`serial`). Closing returns focus to where it was.
 */
export function useFindShortcut(): { open: boolean; serial: number; close: () => void } {
  const [open, setOpen] = useState(false);
  const [serial, setSerial] = useState(0);
  const before = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'f') return;
      event.preventDefault();
      setOpen((wasOpen) => {
        if (!wasOpen) before.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        return true;
      });
      setSerial((count) => count + 1);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    const back = before.current;
    before.current = null;
    if (back?.isConnected) back.focus();
  }, []);

  return { open, serial, close };
}
