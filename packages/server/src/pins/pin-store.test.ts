import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normalPins, PinStore } from './pin-store';

const pin = (seq: number, label = `Read ${seq}`) => ({ seq, label, pinnedAt: '2026-12-02T02:00:00.000Z' });

describe('PinStore (real files)', () => {
  let dir: string;
  let store: PinStore;
  const pathOf = (id: string) => join(dir, `${id}.pins.json`);

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolcards-pins-'));
    store = new PinStore(pathOf, () => new Date(Date.UTC(2026, 11, 2, 2, 0, 0)));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reads no pins for a session never pinned, then what was written, one per seq in seq order', async () => {
    expect(await store.read('s1')).toEqual({ pins: [] });
    const saved = await store.write('s1', [pin(9), pin(2), pin(9, 'again')]);
    expect(saved).toEqual([pin(2), pin(9)]);
    expect(await store.read('s1')).toEqual({ pins: [pin(2), pin(9)] });
    expect(JSON.parse(await readFile(pathOf('s1'), 'utf8'))).toEqual({ pins: [pin(2), pin(9)] });
    // Renamed into place: no temporary file is left beside it.
    expect(await readdir(dir)).toEqual(['s1.pins.json']);
  });

  it('keeps the last of quick writes, one after the other', async () => {
    await Promise.all([store.write('s1', [pin(1)]), store.write('s1', [pin(1), pin(2)]), store.write('s1', [pin(3)])]);
    expect(await store.read('s1')).toEqual({ pins: [pin(3)] });
    expect(await readdir(dir)).toEqual(['s1.pins.json']);
  });

  it('reads a file that is not JSON or not pins as no pins with a note, and keeps it aside when pinned again', async () => {
    await writeFile(pathOf('s1'), '{"pins": [tor');
    const read = await store.read('s1');
    expect(read.pins).toEqual([]);
    expect(read.note).toMatch(/could not be read \(it is not JSON\)/);

    await writeFile(pathOf('s2'), JSON.stringify({ pins: [{ seq: -1, label: 'x', pinnedAt: 'y' }] }));
    expect((await store.read('s2')).note).toMatch(/does not hold a list of pins/);

    await store.write('s1', [pin(4)]);
    expect(await store.read('s1')).toEqual({ pins: [pin(4)] });
    const aside = `s1.pins.json.malformed-${Date.UTC(2026, 11, 2, 2, 0, 0)}`;
    expect((await readdir(dir)).sort()).toEqual([aside, 's1.pins.json', 's2.pins.json'].sort());
    expect(await readFile(join(dir, aside), 'utf8')).toBe('{"pins": [tor');
  });
});

describe('normalPins', () => {
  it('keeps the first pin of each seq, sorted', () => {
    expect(normalPins([pin(3, 'a'), pin(1), pin(3, 'b')])).toEqual([pin(1), pin(3, 'a')]);
  });
});
