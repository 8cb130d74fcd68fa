import { useEffect, useRef, useState } from 'react';

/**
 * `text`, but while it keeps growing (a streaming message) it changes at most once every
 * `intervalMs`: the latest text is taken on a trailing timer, so the final text always arrives,
 * at most `intervalMs` late. Text that does not extend the last one shown (a replacement) is
 * returned at once.
 */
export function useThrottledText(text: string, intervalMs: number): string {
  const [shown, setShown] = useState(text);
  const shownAt = useRef(Date.now());

  const grows = text.startsWith(shown);
  const immediate = !grows || intervalMs <= 0;
  // A replacement is shown in this very render, not one later.
  const current = immediate ? text : shown;

  useEffect(() => {
    if (text === shown) return;
    const show = () => {
      shownAt.current = Date.now();
      setShown(text);
    };
    const wait = shownAt.current + intervalMs - Date.now();
    if (immediate || wait <= 0) {
      show();
      return;
    }
    const timer = setTimeout(show, wait);
    return () => clearTimeout(timer);
  }, [text, shown, intervalMs, immediate]);

  return current;
}
