import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { isRovingKey, resolveActiveKey, rovingMove, type RovingItem } from './roving-focus';

/**
 * Wires the roving-focus moves to the DOM: the container delegates focus and keydown, each
 * item carries `data-roving-key` and the tabIndex this returns. Enter and Space are left
 * to the items, which are real buttons. A virtualized list passes `reveal`: it runs before
 * focus moves to an item (scroll it in: it may not be mounted), and keeps `activeKey` mounted.
 */
export function useRovingFocus<E extends HTMLElement = HTMLUListElement>(
  items: readonly RovingItem[],
  onExpand: (key: string, expand: boolean) => void,
  reveal?: (key: string) => void,
) {
  const [active, setActive] = useState<{ key?: string; parentKey?: string }>({});
  const containerRef = useRef<E>(null);
  const focusPending = useRef(false);
  const activeKey = resolveActiveKey(items, active.key, active.parentKey);

  useLayoutEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    itemElement(containerRef.current, activeKey)?.focus();
  });

  const remember = (key: string) => {
    const item = items.find((candidate) => candidate.key === key);
    if (item) setActive({ key: item.key, parentKey: item.parentKey });
  };

  return {
    containerRef,
    /** The item holding the tab stop. */
    activeKey,
    tabIndexFor: (key: string) => (key === activeKey ? 0 : -1),
    onFocus: (event: FocusEvent<HTMLElement>) => {
      const key = event.target.dataset.rovingKey;
      if (key !== undefined) remember(key);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      const key = (event.target as HTMLElement).dataset.rovingKey;
      if (key === undefined || !isRovingKey(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault(); // arrows and Home/End move focus here, not the page
      const move = rovingMove(items, key, event.key);
      if (!move) return;
      if (move.type === 'focus') {
        reveal?.(move.key);
        remember(move.key);
        focusPending.current = true;
      } else {
        onExpand(move.key, move.type === 'expand');
      }
    },
  };
}

function itemElement(container: HTMLElement | null, key: string | undefined): HTMLElement | undefined {
  if (!container || key === undefined) return undefined;
  for (const element of container.querySelectorAll<HTMLElement>('[data-roving-key]')) {
    if (element.dataset.rovingKey === key) return element;
  }
  return undefined;
}
