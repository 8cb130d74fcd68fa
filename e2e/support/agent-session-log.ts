import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One event of a session log, before the writer gives it its seq and time. */
export interface LoggedEvent {
  type: string;
  data: unknown;
}

/**
 * Writes `<dataDir>/sessions/<id>.jsonl` as an importer of another agent's transcript writes
 * it: the header, then the events with seq and time (a second apart from a fixed start).
 */
export async function writeSessionLog(dataDir: string, id: string, cwd: string, events: readonly LoggedEvent[]): Promise<void> {
  const sessions = join(dataDir, 'sessions');
  await mkdir(sessions, { recursive: true });
  const start = Date.parse('2026-12-01T10:00:00.000Z');
  const lines = [
    JSON.stringify({ type: 'session', version: 1, id, cwd, createdAt: new Date(start).toISOString() }),
    ...events.map((event, seq) => JSON.stringify({ seq, time: new Date(start + seq * 1_000).toISOString(), ...event })),
  ];
  await writeFile(join(sessions, `${id}.jsonl`), `${lines.join('\n')}\n`);
}

/** A tool call and its result, as an importer logs another agent's call (its result's meta names its card). */
export function agentCall(callId: string, name: string, args: unknown, result: { text: string; isError?: boolean; meta: unknown }): LoggedEvent[] {
  return [
    { type: 'tool/call', data: { callId, name, args, origin: 'model' } },
    { type: 'tool/result', data: { callId, content: [{ type: 'text', text: result.text }], isError: result.isError ?? false, meta: result.meta } },
  ];
}
