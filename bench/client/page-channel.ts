import type { ConsoleMessage, Page } from '@playwright/test';
import { BENCH_MESSAGE_MARKER, type BenchMessage } from '../web/bench-results';

/** Listens to the bench page's console for its messages (see web/bench-results.ts). */
export class PageChannel {
  private readonly received: BenchMessage[] = [];
  private waiters: { phases: BenchMessage['phase'][]; resolve: (message: BenchMessage) => void }[] = [];

  constructor(page: Page) {
    page.on('console', (message: ConsoleMessage) => {
      const text = message.text();
      if (!text.startsWith(BENCH_MESSAGE_MARKER)) return;
      const parsed = JSON.parse(text.slice(BENCH_MESSAGE_MARKER.length)) as BenchMessage;
      this.received.push(parsed);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.phases.includes(parsed.phase)) return true;
        waiter.resolve(parsed);
        return false;
      });
    });
  }

  /** True once the page reported `phase` (no round trip to the page). */
  has(phase: BenchMessage['phase']): boolean {
    return this.received.some((message) => message.phase === phase);
  }

  next(phases: BenchMessage['phase'][], timeoutMs: number): Promise<BenchMessage> {
    const already = this.received.find((message) => phases.includes(message.phase));
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the bench page sent none of ${phases.join(', ')} within ${timeoutMs / 1000} s`)), timeoutMs);
      this.waiters.push({
        phases,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      });
    });
  }
}
