import type { ConsoleMessage, Page } from '@playwright/test';

/**
 * What the reopen bench watches in the real app, installed with `page.addInitScript` before
 * the app's own scripts. It checks the timeline at the start of every frame and after each
 * of the app's animation-frame callbacks (like bench/web/paint.ts) and takes the time in a
 * task posted from inside that frame, i.e. once the frame has been rendered. Milestones go
 * out as console messages, so no Playwright script runs in the page while it is measured.
 *
 * Selectors (apps/web/src/timeline/timeline.tsx, apps/web/src/cards):
 * - the scroller `.timeline__scroller` (role log); its rows `.timeline__row[data-index]`;
 * - a pending call card is `article.tc-card--call[aria-busy="true"]` with `.tc-call__spinner`;
 * - the composer's Cancel button is `.composer__cancel`;
 * - the whole history is in when the scroller says `data-history="complete"`, or, before
 *   that attribute exists, `aria-busy="false"` with the session's last row rendered.
 */

export const PROBE_MARKER = '__toolcards_reopen__';

export interface ProbeConfig {
  /** Accessible name the session's last card starts with (`Read <marker path>`); none: no last card is looked for. */
  lastCardLabel?: string;
  /** Timeline rows of the whole session (today: one per tool call). */
  rows: number;
}

export type ProbeMilestone = 'first-rows' | 'last-card' | 'complete';

export interface ProbeMessage {
  milestone: ProbeMilestone;
  /** performance.now(): ms since navigation start. */
  ms: number;
}

export interface ProbeSummary {
  firstRowsMs: number | null;
  lastCardMs: number | null;
  completeMs: number | null;
  /** Longest main-thread task (Long Tasks API, ≥ 50 ms) that started before `until`; 0 when none. */
  longestTaskMs: number;
  longTasks: number;
  /** First frame showing a pending card's spinner / the Cancel button, if any. */
  spinnerSeenMs: number | null;
  cancelSeenMs: number | null;
  /** Frames that showed a spinner. */
  spinnerFrames: number;
  /** How the end was recognized: the product's data-history attribute or the fallback. */
  completeBy: 'data-history' | 'aria-busy' | null;
  /** `data-history` values seen, in order of first sight. */
  historyStates: string[];
}

/** The probe as a plain script (no imports or helpers a transpiler could inject). */
export function probeScript(config: ProbeConfig): string {
  return `(() => {
  const config = ${JSON.stringify(config)};
  const marker = ${JSON.stringify(PROBE_MARKER)};
  const state = { firstRowsMs: null, lastCardMs: null, completeMs: null, spinnerSeenMs: null, cancelSeenMs: null,
    spinnerFrames: 0, completeBy: null, historyStates: [] };
  const tasks = [];
  try {
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]); })
      .observe({ type: 'longtask', buffered: true });
  } catch (error) {}
  const afterFrame = (callback) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => callback(performance.now());
    channel.port2.postMessage(0);
  };
  const report = (milestone, ms) => console.log(marker + JSON.stringify({ milestone, ms }));
  const pending = new Set();
  const mark = (key, milestone) => {
    if (state[key] !== null || pending.has(key)) return;
    pending.add(key);
    afterFrame((now) => { state[key] = now; if (milestone) report(milestone, now); });
  };
  const inView = (element, box) => {
    const rect = element.getBoundingClientRect();
    return rect.height > 0 && rect.bottom > box.top + 1 && rect.top < box.bottom - 1;
  };
  const check = () => {
    if (document.querySelector('.tc-call__spinner')) { state.spinnerFrames += 1; mark('spinnerSeenMs'); }
    if (document.querySelector('.composer__cancel')) mark('cancelSeenMs');
    const scroller = document.querySelector('.timeline__scroller');
    if (!scroller) return;
    const history = scroller.getAttribute('data-history');
    if (history !== null && !state.historyStates.includes(history)) state.historyStates.push(history);
    let box;
    const viewport = () => (box ??= scroller.getBoundingClientRect());
    if (state.firstRowsMs === null && !pending.has('firstRowsMs')) {
      for (const card of scroller.querySelectorAll('.timeline__row article')) {
        if (inView(card, viewport())) { mark('firstRowsMs', 'first-rows'); break; }
      }
    }
    let lastCardShown = state.lastCardMs !== null || pending.has('lastCardMs');
    if (!lastCardShown && config.lastCardLabel !== undefined) {
      for (const card of scroller.querySelectorAll('article[aria-label]')) {
        if (!card.getAttribute('aria-label').startsWith(config.lastCardLabel)) continue;
        if (card.classList.contains('tc-card--call') || card.getAttribute('aria-busy') === 'true') continue;
        if (inView(card, viewport())) { mark('lastCardMs', 'last-card'); lastCardShown = true; break; }
      }
    }
    if (state.completeMs === null && !pending.has('completeMs')) {
      if (history === 'complete') {
        state.completeBy = 'data-history';
        mark('completeMs', 'complete');
      } else if (history === null && lastCardShown && scroller.getAttribute('aria-busy') === 'false'
        && scroller.querySelector('.timeline__row[data-index="' + (config.rows - 1) + '"]')) {
        state.completeBy = 'aria-busy';
        mark('completeMs', 'complete');
      }
    }
  };
  // A short session is complete before its last card's body has mounted (a frame or two later): look on until both are seen.
  const done = () => state.completeMs !== null && (state.lastCardMs !== null || config.lastCardLabel === undefined);
  const native = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => native((time) => { callback(time); if (!done()) queueMicrotask(check); });
  const everyFrame = () => { check(); if (!done()) native(everyFrame); };
  native(everyFrame);
  window.__toolcardsReopen = (until) => {
    let longest = 0;
    let count = 0;
    for (const [start, duration] of tasks) {
      if (start > until) continue;
      count += 1;
      longest = Math.max(longest, duration);
    }
    return { ...state, longestTaskMs: longest, longTasks: count };
  };
})();`;
}

/** Milestones of one page, as they arrive. */
export class ProbeChannel {
  private readonly seen = new Map<ProbeMilestone, number>();
  private waiters: { milestone: ProbeMilestone; resolve: (ms: number) => void }[] = [];

  constructor(page: Page) {
    page.on('console', (message: ConsoleMessage) => {
      const text = message.text();
      if (!text.startsWith(PROBE_MARKER)) return;
      const parsed = JSON.parse(text.slice(PROBE_MARKER.length)) as ProbeMessage;
      this.seen.set(parsed.milestone, parsed.ms);
      this.waiters = this.waiters.filter((waiter) => {
        if (waiter.milestone !== parsed.milestone) return true;
        waiter.resolve(parsed.ms);
        return false;
      });
    });
  }

  /** ms of the milestone, or undefined when it has not come within `timeoutMs`. */
  wait(milestone: ProbeMilestone, timeoutMs: number): Promise<number | undefined> {
    const already = this.seen.get(milestone);
    if (already !== undefined) return Promise.resolve(already);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), timeoutMs);
      this.waiters.push({
        milestone,
        resolve: (ms) => {
          clearTimeout(timer);
          resolve(ms);
        },
      });
    });
  }
}

/** The probe's record; bounded, since a page busy for minutes may not answer soon. */
export async function probeSummary(page: Page, until: number, timeoutMs = 30_000): Promise<ProbeSummary | undefined> {
  const summary = page.evaluate((limit) => (window as unknown as { __toolcardsReopen(until: number): ProbeSummary }).__toolcardsReopen(limit), until);
  const late = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), timeoutMs).unref());
  return Promise.race([summary.catch(() => undefined), late]);
}
