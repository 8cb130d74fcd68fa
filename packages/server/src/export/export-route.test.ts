import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, createSession, useServers } from '../test-support/server-harness';
import { runTools } from '../test-support/session-actions';
import { FIXTURE_SECRETS, writeExportFixtureSession } from '../test-support/export-session';

describe('GET /api/sessions/:id/export and /export/preview', () => {
  const servers = useServers();

  async function serverWithSession() {
    const root = await servers.tempDir();
    const dataDir = join(root, 'data');
    const session = await writeExportFixtureSession(dataDir, join(root, 'home'));
    const server = await servers.start({ dataDir });
    return { server, session };
  }

  it('previews what masking will hide, then sends the masked Markdown as an attachment, one finding unmasked and a word added', async () => {
    const { server, session } = await serverWithSession();
    const before = { bytes: readFileSync(session.logPath), mtimeMs: statSync(session.logPath).mtimeMs };
    const preview = await api(server, `/api/sessions/${session.id}/export/preview`);
    expect(preview.status).toBe(200);
    expect(preview.body.homePath).toBe(false);
    const rules = (preview.body.findings as { rule: string }[]).map((finding) => finding.rule).sort();
    expect(rules).toEqual(['aws-access-key-id', 'basic-auth', 'dotenv-value', 'github-token']);
    for (const finding of preview.body.findings as { sample: string; where: string[]; id: string }[]) {
      expect(finding.sample).toMatch(/••••$/);
      expect(finding.where.length).toBeGreaterThan(0);
    }
    expect(JSON.stringify(preview.body)).not.toContain(FIXTURE_SECRETS.githubToken);

    const aws = (preview.body.findings as { rule: string; id: string }[]).find((finding) => finding.rule === 'aws-access-key-id')!;
    const file = await api(server, `/api/sessions/${session.id}/export?format=md&unmask=${aws.id}&words=shop`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="toolcards-${session.id}.md"`);
    expect(file.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const md = file.body as string;
    expect(md).toContain('•••• (github-token)');
    expect(md).not.toContain(FIXTURE_SECRETS.githubToken);
    expect(md).not.toContain(FIXTURE_SECRETS.dotenvPassword);
    expect(md).toContain(FIXTURE_SECRETS.awsKey);
    expect(md).toContain('/projects/•••• (word)');
    // Nothing was written to the session.
    expect(readFileSync(session.logPath).equals(before.bytes)).toBe(true);
    expect(statSync(session.logPath).mtimeMs).toBe(before.mtimeMs);
  });

  it('sends the self-contained HTML by default, masked, without the data dir or the token in it', async () => {
    const { server, session } = await serverWithSession();
    const file = await api(server, `/api/sessions/${session.id}/export?from=0&to=6`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="toolcards-${session.id}.html"`);
    const html = file.body as string;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toContain(FIXTURE_SECRETS.awsKey);
    expect(html).not.toContain(server.token);
    expect(html).not.toContain(join(session.logPath, '..'));
  });

  it("exports a session this server holds the writer of as finished while nothing runs in it (no 'still being written' note)", async () => {
    const server = await servers.start();
    const session = await createSession(server);
    await runTools(server.port, server.token, session.id, [{ name: 'read', args: { path: 'README.md' } }]);
    // The server keeps the writer lock of a session it wrote to until it closes it.
    expect(readFileSync(join(server.dataDir, 'sessions', `${session.id}.jsonl.lock`), 'utf8')).toMatch(new RegExp(`^${process.pid}\\b`));
    const file = await api(server, `/api/sessions/${session.id}/export?format=md`);
    expect(file.status).toBe(200);
    expect(file.body).toContain('#### `README.md:1-3`');
    expect(file.body).not.toContain('still being written');
  });

  it('refuses an unknown session, a bad range and an unknown format with a code; the export is read-only', async () => {
    const { server, session } = await serverWithSession();
    const unknown = await api(server, '/api/sessions/20990101-000000-abcdef/export');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'UNKNOWN_SESSION']);
    const range = await api(server, `/api/sessions/${session.id}/export?from=9&to=2`);
    expect([range.status, range.body.error.code]).toEqual([400, 'BAD_REQUEST']);
    expect(range.body.error.message).toContain('BAD_RANGE');
    const format = await api(server, `/api/sessions/${session.id}/export?format=pdf`);
    expect([format.status, format.body.error.code]).toEqual([400, 'BAD_REQUEST']);
    expect(format.body.error.message).toContain('UNKNOWN_FORMAT');
    const post = await api(server, `/api/sessions/${session.id}/export`, { method: 'POST' });
    expect(post.status).toBe(405);
    const anonymous = await fetch(`http://127.0.0.1:${server.port}/api/sessions/${session.id}/export?format=md`);
    expect(anonymous.status).toBe(401);
  });
});
