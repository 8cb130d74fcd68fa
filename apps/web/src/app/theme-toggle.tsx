import { useCallback, useState } from 'react';
import { applyThemeChoice, nextThemeChoice, storeThemeChoice, storedThemeChoice, type ThemeChoice } from './theme';

const LABELS: Record<ThemeChoice, { icon: string; text: string }> = {
  system: { icon: '◐', text: 'Theme: system' },
  light: { icon: '☀', text: 'Theme: light' },
  dark: { icon: '☾', text: 'Theme: dark' },
};

/** Cycles system → light → dark; persisted in localStorage. Fixed width: no layout shift. */
export function ThemeToggle() {
  const [choice, setChoice] = useState<ThemeChoice>(() => storedThemeChoice(localStorage));
  const toggle = useCallback(() => {
    setChoice((current) => {
      const next = nextThemeChoice(current);
      applyThemeChoice(document.documentElement, next);
      storeThemeChoice(localStorage, next);
      return next;
    });
  }, []);
  const { icon, text } = LABELS[choice];
  return (
    <button type="button" className="theme-toggle" onClick={toggle} title={`${text} (click to change)`} aria-label={`${text}. Change theme`}>
      <span aria-hidden="true">{icon}</span>
    </button>
  );
}
