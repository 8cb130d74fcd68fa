import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY, applyThemeChoice, nextThemeChoice, storeThemeChoice, storedThemeChoice } from './theme';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('theme', () => {
  it('reads a stored choice, defaulting to the system', () => {
    expect(storedThemeChoice(memoryStorage())).toBe('system');
    expect(storedThemeChoice(memoryStorage({ [THEME_STORAGE_KEY]: 'dark' }))).toBe('dark');
    expect(storedThemeChoice(memoryStorage({ [THEME_STORAGE_KEY]: 'purple' }))).toBe('system');
    expect(storedThemeChoice({ getItem: () => { throw new Error('denied'); } })).toBe('system');
  });

  it('persists a pinned choice and forgets "system"', () => {
    const storage = memoryStorage();
    storeThemeChoice(storage, 'light');
    expect(storage.items.get(THEME_STORAGE_KEY)).toBe('light');
    storeThemeChoice(storage, 'system');
    expect(storage.items.has(THEME_STORAGE_KEY)).toBe(false);
  });

  it('cycles system → light → dark → system', () => {
    expect([nextThemeChoice('system'), nextThemeChoice('light'), nextThemeChoice('dark')]).toEqual(['light', 'dark', 'system']);
  });

  it('sets or removes data-theme on the root', () => {
    const root = document.createElement('html');
    applyThemeChoice(root, 'dark');
    expect(root.getAttribute('data-theme')).toBe('dark');
    applyThemeChoice(root, 'system');
    expect(root.hasAttribute('data-theme')).toBe(false);
  });
});
