import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from '@toolcards/session';
import { FIXTURE_SECRETS, writeExportFixtureSession } from '../test-support/export-session';
import type { ExportItem } from '@toolcards/protocol';
import { openExportDocument, previewExport, type ExportDocument } from './export-document';
import { ExportError } from './export-error';
import { MASK_ALL, MASK_NONE } from './masking/mask-settings';

const CLAUDE_TRANSCRIPT = resolve(fileURLToPath(import.meta.url), '../../../../importers/src/claude-code/fixtures/claude-code-2.1.332-scenario.jsonl');

async function itemsOf(doc: ExportDocument): Promise<ExportItem[]> {
  const items: ExportItem[] = [];
  for await (const item of doc.items) items.push(item);
  return items;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExportError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('the export document', () => {
  let root: string;
  let dataDir: string;
  let home: string;
  let session: { id: string; logPath: string; workspace: string };

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'toolcards-export-'));
    dataDir = join(root, 'data');
    home = join(root, 'home');
    session = await writeExportFixtureSession(dataDir, home);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('holds every event with its card, masked everywhere: no secret and no home folder in any string', async () => {
    const doc = await openExportDocument({ dataDir, sessionId: session.id, mask: { ...MASK_ALL, homePath: home } });
    const items = await itemsOf(doc);
    const text = JSON.stringify({ header: doc.header, items });
    for (const secret of Object.values(FIXTURE_SECRETS)) expect(text).not.toContain(secret);
    expect(text).not.toContain(home);
    expect(doc.header).toMatchObject({
      source: 'toolcards',
      sessionId: session.id,
      workspace: '~/projects/shop',
      stillBeingWritten: false,
      counts: { events: 17, calls: 7, byCard: { read: 1, search: 2, terminal: 1, diff: 1, plan: 1, generic: 1 } },
    });
    expect(Object.fromEntries(doc.header.masked.map((entry) => [entry.rule, entry.count]))).toEqual({
      'aws-access-key-id': 2,
      'github-token': 4,
      'basic-auth': 1,
      'dotenv-value': 1,
      'home-path': 1,
    });
    // The model's two deltas are one message, the token split across them hidden.
    const said = items.filter((item) => item.event.type === 'assistant/text');
    expect(said.map((item) => item.event.data)).toEqual([{ messageId: 'm1', delta: 'The token is •••• (github-token) in src/a.ts.' }]);
    const read = items.find((item) => (item.view as { card?: string } | undefined)?.card === 'read')!.view as { lines: { text: string }[]; path: string };
    expect(read.lines.map((line) => line.text)).toEqual(['AWS_ACCESS_KEY_ID=•••• (aws-access-key-id)', 'DB_PASSWORD=•••• (dotenv-value)', 'PORT=3000']);
    expect(read.path).toBe('config/.env');
    const grep = items.find((item) => (item.view as { shape?: string } | undefined)?.shape === 'matches')!.view as { files: { matches: { line: string; ranges: [number, number][] }[] }[] };
    const match = grep.files[0]!.matches[0]!;
    expect(match.ranges.map((range) => match.line.slice(...range))).toEqual(['•••• (github-token)', 'ghp']);
  });

  it('masks the title before clipping it: no part of a secret the clip cut through is left', async () => {
    const store = await SessionStore.open({ dataDir });
    const { log } = await store.create(join(home, 'projects'));
    log.append({ type: 'user/message', data: { text: `${'Please deploy the shop with the staging key'.padEnd(70, '.')} ${FIXTURE_SECRETS.awsKey} and report back` } });
    log.close();
    await store.close();
    const doc = await openExportDocument({ dataDir, sessionId: log.id, mask: { ...MASK_ALL, homePath: home } });
    expect(doc.header.title).toMatch(/^Please deploy the shop with the staging key\.+ ••••/);
    expect(doc.header.title).not.toContain(FIXTURE_SECRETS.awsKey.slice(0, 4));
  });

  it('is lean as history is: a read result keeps no model-facing copy of the file', async () => {
    const items = await itemsOf(await openExportDocument({ dataDir, sessionId: session.id, mask: MASK_NONE }));
    const read = items.find((item) => (item.view as { card?: string } | undefined)?.card === 'read')!;
    expect(read.event.type === 'tool/result' && read.event.data.content).toEqual([]);
    expect(JSON.stringify(items)).toContain(FIXTURE_SECRETS.githubToken);
  });

  it('leaves a finding the person unmasked, and hides the words they added', async () => {
    const preview = await previewExport({ dataDir, sessionId: session.id, homePath: home });
    expect(preview.homePath).toBe(true);
    const github = preview.findings.find((finding) => finding.rule === 'github-token')!;
    expect(github).toMatchObject({ sample: 'ghp_••••', count: 4 });
    const doc = await openExportDocument({ dataDir, sessionId: session.id, mask: { enabled: true, unmask: [github.id], words: ['shop'], homePath: home } });
    const text = JSON.stringify(await itemsOf(doc));
    expect(text).toContain(FIXTURE_SECRETS.githubToken);
    expect(text).not.toContain(FIXTURE_SECRETS.awsKey);
    expect(text).toContain('~/projects/•••• (word)');
    expect(doc.header.masked.find((entry) => entry.rule === 'github-token')).toBeUndefined();
  });

  it('exports a range of seqs; a result in it whose call lies before it keeps its card', async () => {
    // seq 2 is the read's result, its call is seq 1.
    const doc = await openExportDocument({ dataDir, sessionId: session.id, from: 2, to: 4, mask: MASK_ALL });
    const items = await itemsOf(doc);
    expect(items.map((item) => item.event.seq)).toEqual([2, 3, 4]);
    expect((items[0]!.view as { card: string }).card).toBe('read');
    expect(doc.header.range).toEqual({ from: 2, to: 4 });
    expect(doc.header.counts).toMatchObject({ events: 3, calls: 1 });
  });

  it('a range ending at a call brings the results of its calls that came after it, and no other event after it', async () => {
    // Three calls run at once (seqs 1-3), their results after (4-6), then a fourth call: the cards #1 to #2 are exported whole.
    const store = await SessionStore.open({ dataDir });
    const { log } = await store.create(session.workspace);
    const text = (value: string) => [{ type: 'text' as const, text: value }];
    log.append({ type: 'user/message', data: { text: 'look around' } });
    for (const callId of ['a', 'b', 'c']) log.append({ type: 'tool/call', data: { callId, name: 'Bash', args: { command: `echo ${callId}` }, origin: 'model' } });
    for (const callId of ['c', 'a', 'b']) log.append({ type: 'tool/result', data: { callId, isError: false, content: text(`out ${callId}`) } });
    log.append({ type: 'tool/call', data: { callId: 'd', name: 'Bash', args: { command: 'echo d' }, origin: 'model' } });
    log.append({ type: 'tool/result', data: { callId: 'd', isError: false, content: text('out d') } });
    await log.close();

    const doc = await openExportDocument({ dataDir, sessionId: log.id, from: 1, to: 2, mask: MASK_ALL });
    const items = await itemsOf(doc);
    expect(items.map((item) => `${item.event.seq} ${item.event.type} ${(item.event.data as { callId?: string }).callId}`)).toEqual(['1 tool/call a', '2 tool/call b', '5 tool/result a', '6 tool/result b']);
    expect(doc.header.range).toEqual({ from: 1, to: 2 });
    expect(doc.header.counts).toMatchObject({ events: 4, calls: 2 });
    const preview = await previewExport({ dataDir, sessionId: log.id, from: 1, to: 2 });
    expect(preview.findings).toEqual([]);
  });

  it('refuses bad input with a code: --from after --to, an unknown session, a log outside the data dir, a file that is no transcript', async () => {
    expect(await refusal(openExportDocument({ dataDir, sessionId: session.id, from: 5, to: 2, mask: MASK_ALL }))).toBe('BAD_RANGE');
    expect(await refusal(openExportDocument({ dataDir, sessionId: '20990101-000000-abcdef', mask: MASK_ALL }))).toBe('UNKNOWN_SESSION');
    expect(await refusal(openExportDocument({ dataDir, sessionId: '../etc/passwd', mask: MASK_ALL }))).toBe('UNKNOWN_SESSION');
    const outside = join(root, `${session.id}.jsonl`);
    copyFileSync(session.logPath, outside);
    expect(await refusal(openExportDocument({ dataDir, transcriptPath: outside, mask: MASK_ALL }))).toBe('PATH_OUTSIDE_DATA_DIR');
    const notes = join(root, 'notes.txt');
    writeFileSync(notes, 'just some notes\n{"not":"a transcript"}\n');
    expect(await refusal(openExportDocument({ dataDir, transcriptPath: notes, mask: MASK_ALL }))).toBe('NOT_A_TRANSCRIPT');
    expect(await refusal(openExportDocument({ dataDir, transcriptPath: join(root, 'missing.jsonl'), mask: MASK_ALL }))).toBe('NOT_A_TRANSCRIPT');
    // The same log by its path inside the data dir is fine.
    expect((await openExportDocument({ dataDir, transcriptPath: session.logPath, mask: MASK_ALL })).header.sessionId).toBe(session.id);
  });

  it('never changes the session: the log keeps its bytes and its mtime', async () => {
    const before = { bytes: readFileSync(session.logPath), mtimeMs: statSync(session.logPath).mtimeMs };
    await previewExport({ dataDir, sessionId: session.id });
    await itemsOf(await openExportDocument({ dataDir, sessionId: session.id, mask: MASK_ALL }));
    expect(readFileSync(session.logPath).equals(before.bytes)).toBe(true);
    expect(statSync(session.logPath).mtimeMs).toBe(before.mtimeMs);
  });

  it('says a session is still being written while a writer holds it, and exports what was there when it began', async () => {
    const store = await SessionStore.open({ dataDir });
    const { log } = await store.openWritable(session.id);
    try {
      log.append({ type: 'user/message', data: { text: 'one more' } });
      const doc = await openExportDocument({ dataDir, sessionId: session.id, mask: MASK_ALL });
      log.append({ type: 'user/message', data: { text: 'written during the export' } });
      const items = await itemsOf(doc);
      expect(doc.header.stillBeingWritten).toBe(true);
      expect(items.at(-1)!.event.data).toEqual({ text: 'one more' });
      expect(doc.header.counts.events).toBe(items.length);
    } finally {
      log.close();
      await store.close();
    }
  });

  it("exports a Claude Code transcript given by its path, with the agent's cards", async () => {
    const doc = await openExportDocument({ dataDir, transcriptPath: CLAUDE_TRANSCRIPT, mask: MASK_ALL });
    const items = await itemsOf(doc);
    expect(doc.header.source).toBe('claude-code');
    expect(doc.header.sessionId).toMatch(/^cc-/);
    expect(items.length).toBe(doc.header.counts.events);
    expect(doc.header.counts.calls).toBeGreaterThan(3);
    expect(Object.keys(doc.header.counts.byCard).length).toBeGreaterThan(2);
  });
});
