/** 'system' follows prefers-color-scheme; the others pin a theme. */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_STORAGE_KEY = 'toolcards.theme';
const CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

export function storedThemeChoice(storage: Pick<Storage, 'getItem'>): ThemeChoice {
  try {
    const value = storage.getItem(THEME_STORAGE_KEY);
    return CHOICES.find((choice) => choice === value) ?? 'system';
  } catch {
    return 'system';
  }
}

export function storeThemeChoice(storage: Pick<Storage, 'setItem' | 'removeItem'>, choice: ThemeChoice): void {
  try {
    if (choice === 'system') storage.removeItem(THEME_STORAGE_KEY);
    else storage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Not persisted; the choice still holds for this page.
  }
}

/** The toggle cycles system → light → dark → system. */
export function nextThemeChoice(choice: ThemeChoice): ThemeChoice {
  return CHOICES[(CHOICES.indexOf(choice) + 1) % CHOICES.length]!;
}

/**
 * The CSS keys on `data-theme` of <html>: present pins a theme, absent lets
 * prefers-color-scheme decide. Only colours change, so switching never moves layout.
 */
export function applyThemeChoice(root: HTMLElement, choice: ThemeChoice): void {
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}
