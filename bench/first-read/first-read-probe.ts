import type { ConsoleMessage, Page } from '@playwright/test';

/**
 * What the first-read bench watches in the real app, installed with `page.addInitScript`
 * before the app's own scripts (as bench/reopen/page-probe.ts does). It takes the time of
 * each Enter in the composer (the command sent) and then, for the read card that command
 * brings, the first frame showing one of its code rows and the first frame in which every
 * row inside its viewport is coloured (bench/web/visible-rows-coloured.ts, on the app's DOM).
 * Frames are checked at their start and after each of the app's animation-frame callbacks;
 * the time is taken in a task posted from that frame, once it has been rendered.
 * Milestones go out as console messages: no Playwright script runs in the page meanwhile.
 *
 * Selectors: the composer `.composer__input`; the timeline's rows `.timeline__row[data-index]`;
 * a finished read card `article.tc-card--read` (a pending call is `tc-card--call`); its rows
 * `.tc-read__viewport .tc-read__row`, code `.tc-read__code`, tokens `.tc-tok`.
 */

export const FIRST_READ_MARKER = '__toolcards_first_read__';

export type FirstReadMilestone = 'sent' | 'rehearsed' | 'longest-task' | 'socket-send' | 'first-row' | 'coloured';

export interface FirstReadMessage {
  /** Which command of the page (0: the first Enter). */
  command: number;
  milestone: FirstReadMilestone;
  /** performance.now(): ms since navigation start. */
  ms: number;
}

/** The probe as a plain script (no imports or helpers a transpiler could inject). */
export function firstReadProbeScript(): string {
  return `(() => {
  const marker = ${JSON.stringify(FIRST_READ_MARKER)};
  // Per command: when Enter went down, the row its card is in, and what was seen of it.
  const commands = [];
  // Main-thread tasks of 50 ms or more, for each command's longest before its first row (the card's first render among them).
  const longTasks = [];
  try { new PerformanceObserver((list) => { for (const entry of list.getEntries()) longTasks.push(entry); }).observe({ type: 'longtask', buffered: true }); } catch {}
  const report = (command, milestone, ms) => console.log(marker + JSON.stringify({ command, milestone, ms }));
  const afterFrame = (callback) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { channel.port1.close(); callback(performance.now()); };
    channel.port2.postMessage(0);
  };
  window.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    const target = event.target;
    if (!(target instanceof HTMLTextAreaElement) || !target.classList.contains('composer__input')) return;
    if (!target.value.trim().startsWith('/read')) return;
    const command = commands.length;
    // The card comes in a row after every row on screen now (the session's earlier cards, the previous read's).
    let after = commands.length === 0 ? -1 : (commands[commands.length - 1].row ?? -1);
    for (const row of document.querySelectorAll('.timeline__row[data-index]')) after = Math.max(after, Number(row.getAttribute('data-index')));
    commands.push({ sentAt: performance.now(), after, row: null, socketSent: false, firstRow: false, coloured: false, pending: new Set() });
    report(command, 'sent', performance.now());
    // Whether the app's read-card rehearsal (cards/read/read-card-rehearsal.tsx) ran before this Enter: its mark's time, else -1.
    const rehearsal = performance.getEntriesByName('toolcards:read-card-rehearsal')[0];
    report(command, 'rehearsed', rehearsal ? rehearsal.startTime : -1);
    if (!watching) { watching = true; native(everyFrame); }
  }, true);
  // The run-tool frame leaving: the command's own part of the time (the session's creation included).
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === 'string' && data.includes('"run-tool"')) {
      const index = commands.findIndex((command) => !command.socketSent);
      if (index >= 0) { commands[index].socketSent = true; report(index, 'socket-send', performance.now()); }
    }
    return send.call(this, data);
  };
  const mark = (command, index, key) => {
    if (command[key] || command.pending.has(key)) return;
    command.pending.add(key);
    afterFrame((now) => {
      command[key] = true;
      report(index, key, now);
      if (key !== 'firstRow') return;
      // Reported once the first row's frame is done: the long-task entries up to it have been queued by then, or soon after.
      setTimeout(() => {
        const longest = longTasks.filter((task) => task.startTime + task.duration > command.sentAt && task.startTime < now).reduce((max, task) => Math.max(max, task.duration), 0);
        report(index, 'longest-task', longest);
      }, 100);
    });
  };
  const inWindow = (rect) => rect.height > 0 && rect.bottom > 0 && rect.top < window.innerHeight;
  const cardOf = (command) => {
    for (const row of document.querySelectorAll('.timeline__row[data-index]')) {
      const index = Number(row.getAttribute('data-index'));
      if (index <= command.after) continue;
      const card = row.querySelector('article.tc-card--read');
      if (card) { command.row = index; return card; }
    }
    return null;
  };
  const visibleRows = (card) => {
    const viewport = card.querySelector('.tc-read__viewport');
    if (!viewport) return [];
    const box = viewport.getBoundingClientRect();
    const bottom = Math.min(box.bottom, window.innerHeight);
    return [...viewport.querySelectorAll('.tc-read__row')].filter((row) => {
      const rect = row.getBoundingClientRect();
      return rect.bottom > box.top && rect.top < bottom;
    });
  };
  const check = () => {
    commands.forEach((command, index) => {
      if (command.coloured || command.pending.has('coloured')) return;
      const card = cardOf(command);
      if (!card || !inWindow(card.getBoundingClientRect())) return;
      const rows = visibleRows(card);
      if (rows.length === 0) return;
      if (rows.some((row) => (row.querySelector('.tc-read__code')?.textContent ?? '') !== '')) mark(command, index, 'firstRow');
      const coloured = rows.every((row) => {
        const code = row.querySelector('.tc-read__code');
        return code && (code.querySelector('.tc-tok') !== null || code.querySelector('br') !== null);
      });
      if (coloured) mark(command, index, 'coloured');
    });
  };
  let watching = false;
  const native = window.requestAnimationFrame.bind(window);
  const busy = () => commands.some((command) => !command.coloured);
  window.requestAnimationFrame = (callback) => native((time) => { callback(time); if (busy()) queueMicrotask(check); });
  const everyFrame = () => { check(); if (busy()) native(everyFrame); else watching = false; };
})();`;
}

const MILESTONE_KEYS: Record<string, FirstReadMilestone> = { sent: 'sent', rehearsed: 'rehearsed', 'longest-task': 'longest-task', 'socket-send': 'socket-send', firstRow: 'first-row', coloured: 'coloured' };

/** Milestones of one page, as they arrive. */
export class FirstReadChannel {
  private readonly seen = new Map<string, number>();
  private waiters: { key: string; resolve: (ms: number) => void }[] = [];

  constructor(page: Page) {
    page.on('console', (message: ConsoleMessage) => {
      const text = message.text();
      if (!text.startsWith(FIRST_READ_MARKER)) return;
      const parsed = JSON.parse(text.slice(FIRST_READ_MARKER.length)) as { command: number; milestone: string; ms: number };
      const milestone = MILESTONE_KEYS[parsed.milestone];
      if (milestone === undefined) return;
      const key = `${parsed.command}:${milestone}`;
      this.seen.set(key, parsed.ms);
      this.waiters = this.waiters.filter((waiter) => {
        if (waiter.key !== key) return true;
        waiter.resolve(parsed.ms);
        return false;
      });
    });
  }

  /** ms of command `command`'s milestone, or undefined when it has not come within `timeoutMs`. */
  wait(command: number, milestone: FirstReadMilestone, timeoutMs: number): Promise<number | undefined> {
    const key = `${command}:${milestone}`;
    const already = this.seen.get(key);
    if (already !== undefined) return Promise.resolve(already);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), timeoutMs);
      this.waiters.push({
        key,
        resolve: (ms) => {
          clearTimeout(timer);
          resolve(ms);
        },
      });
    });
  }
}
