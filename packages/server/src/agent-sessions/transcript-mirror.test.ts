import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createClaudeCodeImporter, type ImportedEvent, type ImporterState } from '@toolcards/importers';
import { ImporterStates } from './importer-states';
import { MirrorIndex } from './mirror-index';
import { TranscriptMirror, type MirrorSink } from './transcript-mirror';

const FIXTURE = fileURLToPath(new URL('../../../importers/src/claude-code/fixtures/claude-code-2.1.332-scenario.jsonl', import.meta.url));
const LINES = readFileSync(FIXTURE, 'utf8').split('\n').filter((line) => line !== '');

/** A sink that keeps what it is given (the server's is the session log; here only the mirror's logic is under test). */
function recordingSink(): MirrorSink & { logged: ImportedEvent[]; created: number } {
  const sink = {
    logged: [] as ImportedEvent[],
    created: 0,
    loggedCount: async () => (sink.created > 0 ? sink.logged.length : undefined),
    create: async () => {
      sink.created += 1;
    },
    append: async (_id: string, events: readonly ImportedEvent[]) => {
      sink.logged.push(...events);
    },
    remove: async () => {
      sink.logged = [];
      sink.created = 0;
    },
  };
  return sink;
}

describe('TranscriptMirror', () => {
  const dirs: string[] = [];
  afterEach(async () => Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true }))));

  async function setup() {
    const dir = await mkdtemp(join(tmpdir(), 'toolcards-mirror-'));
    dirs.push(dir);
    const path = join(dir, 'session.jsonl');
    const sink = recordingSink();
    const index = await MirrorIndex.load(dir, () => {});
    const states = new ImporterStates(dir);
    /** Lines fed to the importers this mirror made (a resumed one is not fed what came before its offset). */
    const fed = { lines: 0 };
    const createImporter = (from?: ImporterState) => {
      const importer = createClaudeCodeImporter(from);
      return { ...importer, feedLine: (line: string) => ((fed.lines += 1), importer.feedLine(line)) };
    };
    const mirror = new TranscriptMirror(path, 'claude-code', 'cc-test', { index, sink, createImporter, states });
    /** The same transcript's mirror after a restart: a new one on the same index, states and log. */
    const restarted = () => new TranscriptMirror(path, 'claude-code', 'cc-test', { index, sink, createImporter, states });
    return { path, sink, mirror, index, fed, restarted };
  }

  it('after a restart resumes at the offset it had mapped, from its saved state: only the new lines are fed', async () => {
    const { path, sink, mirror, fed, restarted } = await setup();
    // Cut where a call waits for its result: the resumed importer must still pair them.
    const cut = LINES.findIndex((line) => line.includes('"tool_result"'));
    writeFileSync(path, LINES.slice(0, cut).map((line) => `${line}\n`).join(''));
    await mirror.sync();
    await mirror.flush();
    fed.lines = 0;
    appendFileSync(path, LINES.slice(cut).map((line) => `${line}\n`).join(''));
    await restarted().sync();
    expect(fed.lines).toBe(LINES.length - cut);
    const whole = createClaudeCodeImporter();
    expect(sink.logged).toEqual(LINES.flatMap((line) => whole.feedLine(line)));
  });

  it('a transcript written over in place (same file, another start) is mirrored again from scratch, not resumed', async () => {
    const { path, sink, mirror, restarted } = await setup();
    writeFileSync(path, LINES.slice(0, 30).map((line) => `${line}\n`).join(''));
    await mirror.sync();
    await mirror.flush();
    const other = LINES.slice(10).map((line) => line.replace('"sessionId"', '"sessionId" ')).map((line) => `${line}\n`).join('');
    writeFileSync(path, other);
    await restarted().sync();
    const whole = createClaudeCodeImporter();
    expect(sink.logged).toEqual(other.split('\n').filter((line) => line !== '').flatMap((line) => whole.feedLine(line)));
  });

  it('maps a torn last line only once its newline is written', async () => {
    const { path, sink, mirror } = await setup();
    const firstResult = LINES.findIndex((line) => line.includes('"tool_result"'));
    writeFileSync(path, LINES.slice(0, firstResult).map((line) => `${line}\n`).join('') + LINES[firstResult]!.slice(0, 50));
    await mirror.sync();
    expect(sink.logged.filter(({ event }) => event.type === 'tool/result')).toEqual([]);
    appendFileSync(path, `${LINES[firstResult]!.slice(50)}\n`);
    await mirror.sync();
    expect(sink.logged.filter(({ event }) => event.type === 'tool/result')).toHaveLength(1);
    const whole = createClaudeCodeImporter();
    expect(sink.logged).toEqual(LINES.slice(0, firstResult + 1).flatMap((line) => whole.feedLine(line)));
  });

  it('after letting its importer go, maps the file again from the start but logs only the new events', async () => {
    const { path, sink, mirror } = await setup();
    writeFileSync(path, LINES.slice(0, 40).map((line) => `${line}\n`).join(''));
    await mirror.sync();
    mirror.release();
    appendFileSync(path, LINES.slice(40).map((line) => `${line}\n`).join(''));
    await mirror.sync();
    const whole = createClaudeCodeImporter();
    expect(sink.logged).toEqual(LINES.flatMap((line) => whole.feedLine(line)));
  });

  it('notices a truncated transcript and mirrors it again', async () => {
    const { path, sink, mirror } = await setup();
    writeFileSync(path, LINES.map((line) => `${line}\n`).join(''));
    await mirror.sync();
    writeFileSync(path, LINES.slice(0, 25).map((line) => `${line}\n`).join(''));
    await mirror.sync();
    const whole = createClaudeCodeImporter();
    expect(sink.logged).toEqual(LINES.slice(0, 25).flatMap((line) => whole.feedLine(line)));
  });
});
