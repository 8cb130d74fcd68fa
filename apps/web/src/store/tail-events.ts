/** A session opens on about a screenful and a half of its last events; the rest loads behind them. */
export const TAIL_EVENTS = 200;
