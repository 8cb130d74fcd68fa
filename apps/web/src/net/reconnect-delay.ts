/** Reconnect schedule: 250 ms doubling to 5 s, each delay jittered ±20 % so many tabs do not retry in step. */
export const RECONNECT_BASE_MS = 250;
export const RECONNECT_CAP_MS = 5_000;
const JITTER = 0.2;

/**
 * Delay before reconnect attempt `attempt` (0 = the first retry after a drop).
 * `random` is a value in [0, 1), Math.random in production.
 */
export function reconnectDelay(attempt: number, random: number): number {
  const steps = Math.max(0, Math.min(attempt, 16));
  const base = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** steps);
  const jittered = base * (1 - JITTER + 2 * JITTER * Math.min(Math.max(random, 0), 1));
  return Math.round(Math.min(RECONNECT_CAP_MS, jittered));
}
