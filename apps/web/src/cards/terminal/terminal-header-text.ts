import type { TerminalResultView } from '@toolcards/protocol';

/** How the command ended, as the exit badge says it. */
export type ExitTone = 'ok' | 'failed' | 'killed' | 'interrupted' | 'background';

export interface ExitBadge {
  tone: ExitTone;
  text: string;
  /** The badge's tooltip and accessible description. */
  title: string;
}

/**
 * The exit badge: interrupted wins (someone stopped it, whatever the status says), then killed
 * (a signal), then a background shell's start (no status yet: it goes on running), then no
 * status at all (killed), then the status itself.
 */
export function exitBadge(view: Pick<TerminalResultView, 'exitCode' | 'signal' | 'interrupted' | 'shellId'>): ExitBadge {
  if (view.interrupted === true) return { tone: 'interrupted', text: 'interrupted', title: 'Stopped before it ended' };
  if (view.signal !== undefined) return { tone: 'killed', text: `killed (${view.signal})`, title: `Ended by ${view.signal}` };
  if (view.exitCode === null && view.shellId !== undefined) {
    return { tone: 'background', text: 'in background', title: `Started in background shell ${view.shellId}: its output comes through the calls that read it` };
  }
  if (view.exitCode === null) return { tone: 'killed', text: 'killed', title: 'Ended without an exit status' };
  if (view.exitCode === 0) return { tone: 'ok', text: 'exit 0', title: 'Exited with status 0 (success)' };
  return { tone: 'failed', text: `exit ${view.exitCode}`, title: `Exited with status ${view.exitCode}` };
}

/** "850 ms", "1.5 s", "12 s", "2 min 5 s", "1 h 3 min". */
export function durationText(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1_000;
  if (seconds < 10) return `${(Math.floor(seconds * 10) / 10).toFixed(1)} s`;
  if (seconds < 60) return `${Math.floor(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.floor(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
