import path from 'node:path';
import { runRipgrep } from '@toolcards/tools';
import { readEvents, type ListedEvent } from './listed-events';
import { locatedLineOf, type LocatedLine } from './located-line';
import { LogLineReader } from './log-line-reader';
import { callLabel } from './search-hit';
import { locateArgsFor } from './search-query';

/** A call line is read whole up to this (its args); past it the result keeps the name its meta gives. */
const MAX_CALL_BYTES = 4 * 1024 * 1024;

/**
 * A result is named by its call ("grep capacitor"), which is on another log line than the
 * match: one more locate pass, over the listed sessions only, finds the calls of the results
 * listed (by callId, as the log writes it) whose call was not listed itself; each call line
 * is read back by its offset.
 */
export async function callLabelsFor(
  listed: readonly { sessionId: string; events: readonly ListedEvent[] }[],
  sessionsDir: string,
  signal: AbortSignal,
  deadline: number,
): Promise<Map<string, Map<string, string>>> {
  const labels = new Map<string, Map<string, string>>();
  const wanted = new Set<string>();
  const files: string[] = [];
  for (const { sessionId, events } of listed) {
    const sessionLabels = new Map<string, string>();
    labels.set(sessionId, sessionLabels);
    for (const { event } of events) {
      if (event.type === 'tool/call') sessionLabels.set(event.data.callId, callLabel(event.data.name, event.data.args));
    }
    let needed = false;
    for (const { event } of events) {
      if (event.type !== 'tool/result' || sessionLabels.has(event.data.callId)) continue;
      wanted.add(`"callId":${JSON.stringify(event.data.callId)},"name":`);
      needed = true;
    }
    if (needed) files.push(path.join(sessionsDir, `${sessionId}.jsonl`));
  }
  // Past the deadline a result is named by its meta, not by its call.
  if (wanted.size === 0 || Date.now() >= deadline) return labels;
  const calls: LocatedLine[] = [];
  await runRipgrep({
    args: locateArgsFor(['--case-sensitive', '--fixed-strings', ...[...wanted].map((pattern) => `--regexp=${pattern}`)], { files }, wanted.size),
    cwd: sessionsDir,
    signal,
    timeoutMs: Math.max(1, deadline - Date.now()),
    separator: 10,
    onRecord(buffer, start, end) {
      const line = locatedLineOf(buffer.subarray(start, end), sessionsDir);
      if (line) calls.push(line);
    },
  });
  const reader = new LogLineReader(MAX_CALL_BYTES);
  const callsOf = new Map<string, LocatedLine[]>();
  for (const call of calls) callsOf.set(call.sessionId, [...(callsOf.get(call.sessionId) ?? []), call]);
  for (const [sessionId, sessionCalls] of callsOf) {
    const read = await readEvents(reader, path.join(sessionsDir, `${sessionId}.jsonl`), sessionCalls, deadline);
    for (const { event } of read.events) {
      if (event.type === 'tool/call') labels.get(sessionId)?.set(event.data.callId, callLabel(event.data.name, event.data.args));
    }
  }
  return labels;
}

