import { useSyncExternalStore } from 'react';
import type { Density } from '../model/exploration-runs';

/** Where the browser remembers the timeline's density. */
export const DENSITY_STORAGE_KEY = 'toolcards.density';

/** The remembered density; compact (runs folded) unless full was chosen. */
export function storedDensity(storage: Pick<Storage, 'getItem'>): Density {
  try {
    return storage.getItem(DENSITY_STORAGE_KEY) === 'full' ? 'full' : 'compact';
  } catch {
    // Storage refused (a locked-down profile): the default.
    return 'compact';
  }
}

export function storeDensity(storage: Pick<Storage, 'setItem'>, density: Density): void {
  try {
    storage.setItem(DENSITY_STORAGE_KEY, density);
  } catch {
    // Not remembered; this page still uses it.
  }
}

// One density for the page: the header's toggle and the timeline read the same value.
let current: Density | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): Density {
  current ??= storedDensity(localStorage);
  return current;
}

export function setDensity(density: Density): void {
  current = density;
  storeDensity(localStorage, density);
  for (const listener of listeners) listener();
}

/** The page's density; `setDensity` changes it everywhere and remembers it. */
export function useDensity(): Density {
  return useSyncExternalStore(subscribe, snapshot, () => 'compact');
}

/** Tests: forget the value read, so the next read comes from storage. */
export function forgetDensityForTests(): void {
  current = undefined;
}
