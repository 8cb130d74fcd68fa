import { readFile, rename, writeFile } from 'node:fs/promises';
import { pinsBodySchema, type Pin, type PinsResponse } from '@toolcards/protocol';

/** Where a session's pins file is: beside its log (`<sessionsDir>/<id>.pins.json`). */
export type PinsPathOf = (sessionId: string) => string;

/**
 * Each session's pins, one small JSON file per session beside its log, never in the log: a
 * mirrored agent session, which toolcards never writes, can be pinned too. A write goes to a
 * temporary file renamed over the old one, so a crash leaves the old pins or the new ones. A
 * file that is not valid pins is not lost: it is read as no pins with a note, and set aside
 * (renamed `….malformed-<time>`) before the next write replaces it.
 */
export class PinStore {
  private readonly writes = new Map<string, Promise<unknown>>();
  private temporaries = 0;

  constructor(private readonly pathOf: PinsPathOf, private readonly now: () => Date = () => new Date()) {}

  async read(sessionId: string): Promise<PinsResponse> {
    const saved = await this.readSaved(sessionId);
    return saved.kind === 'malformed' ? { pins: [], note: saved.note } : { pins: saved.pins };
  }

  /** Saves `pins` (one per seq, in seq order) in place of the session's pins; the pins as saved. */
  write(sessionId: string, pins: readonly Pin[]): Promise<Pin[]> {
    // One write at a time per session: two quick PUTs must not interleave their renames.
    const previous = this.writes.get(sessionId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.writeNow(sessionId, normalPins(pins)));
    this.writes.set(sessionId, next);
    void next.finally(() => {
      if (this.writes.get(sessionId) === next) this.writes.delete(sessionId);
    }).catch(() => undefined);
    return next;
  }

  private async writeNow(sessionId: string, pins: Pin[]): Promise<Pin[]> {
    const path = this.pathOf(sessionId);
    const saved = await this.readSaved(sessionId);
    if (saved.kind === 'malformed') await rename(path, `${path}.malformed-${this.now().getTime()}`);
    this.temporaries += 1;
    const temporary = `${path}.${process.pid}.${this.temporaries}.tmp`;
    await writeFile(temporary, `${JSON.stringify({ pins })}\n`, { mode: 0o600 });
    await rename(temporary, path);
    return pins;
  }

  private async readSaved(sessionId: string): Promise<{ kind: 'pins'; pins: Pin[] } | { kind: 'malformed'; note: string }> {
    const path = this.pathOf(sessionId);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'pins', pins: [] };
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { kind: 'malformed', note: malformedNote('it is not JSON') };
    }
    const parsed = pinsBodySchema.safeParse(json);
    if (!parsed.success) return { kind: 'malformed', note: malformedNote('it does not hold a list of pins') };
    return { kind: 'pins', pins: normalPins(parsed.data.pins) };
  }
}

function malformedNote(why: string): string {
  return `This session's saved pins could not be read (${why}); the file is kept aside when you pin again.`;
}

/** One pin per seq (the first), in seq order. */
export function normalPins(pins: readonly Pin[]): Pin[] {
  const bySeq = new Map<number, Pin>();
  for (const pin of pins) if (!bySeq.has(pin.seq)) bySeq.set(pin.seq, pin);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** A session's pins file beside its log in the store's data dir (the id is validated by `logPath`). */
export function pinsPathOf(store: { logPath(id: string): string }): PinsPathOf {
  return (sessionId) => store.logPath(sessionId).replace(/\.jsonl$/, '.pins.json');
}
