/** Resolves when the browser is next idle (at the latest after `timeoutMs`): for extras that must not delay rows or colours. */
export function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 50);
  });
}
