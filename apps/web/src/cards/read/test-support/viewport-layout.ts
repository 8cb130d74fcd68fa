import { afterEach, beforeEach } from 'vitest';

/**
 * happy-dom has no layout: give the code viewport the size a browser would (28rem ≈ 448px)
 * and the scroll height of 2,000 rows of 20px. Call it in a describe block: it installs
 * the sizes before each test and restores them after.
 */
export function withViewportLayout() {
  const sizes = { clientHeight: 448, clientWidth: 800, scrollHeight: 40_000 };
  const own = new Map<string, PropertyDescriptor | undefined>();
  beforeEach(() => {
    for (const [name, size] of Object.entries(sizes)) {
      own.set(name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));
      const inherited = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name) ?? Object.getOwnPropertyDescriptor(Element.prototype, name)!;
      Object.defineProperty(HTMLElement.prototype, name, {
        configurable: true,
        get(this: HTMLElement) {
          return this.classList.contains('tc-read__viewport') ? size : inherited.get!.call(this);
        },
      });
    }
  });
  afterEach(() => {
    for (const [name, descriptor] of own) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    }
  });
}
