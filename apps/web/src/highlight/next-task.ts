/**
 * Resolves in a new task, so queued messages (a cancel, a newer window) and, on the main
 * thread, input and paint get their turn. A message channel rather than setTimeout(0),
 * which browsers clamp to 4 ms once timers nest; the channel is closed so Node can exit.
 */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
