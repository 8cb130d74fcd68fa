import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClaudeCodeImporter } from './claude-code/claude-code-importer';
import { createCodexImporter } from './codex/codex-importer';
import type { TranscriptImporter } from './transcript-importer';

/**
 * Format drift: what an importer leaves out on purpose (api-request, token_count, thinking …) is
 * skipped but understood; only what it does not recognise is "not understood", which the
 * session then reports. The recorded transcripts of the real CLIs must come out clean.
 */

const fixture = (folder: string, name: string): string => readFileSync(join(import.meta.dirname, folder, 'fixtures', name), 'utf8');

const feedAll = (importer: TranscriptImporter, text: string): TranscriptImporter => {
  for (const line of text.split('\n')) importer.feedLine(line);
  return importer;
};

describe.each([
  ['claude-code', 'claude-code-2.1.332-scenario.jsonl', createClaudeCodeImporter],
  ['claude-code', 'claude-code-1.0.58-handwritten.jsonl', createClaudeCodeImporter],
  ['codex', 'codex-0.169.0-scenario.jsonl', createCodexImporter],
  ['codex', 'codex-0.58.0-handwritten.jsonl', createCodexImporter],
] as const)('%s transcript %s', (folder, name, createImporter) => {
  it('skips records on purpose but understands every one', () => {
    const importer = feedAll(createImporter(), fixture(folder, name));
    expect(importer.skipped().total).toBeGreaterThan(0);
    expect(importer.notUnderstood()).toEqual({ total: 0, byType: {} });
  });

  it('counts a brand-new record type and a malformed line as not understood, by type', () => {
    const importer = feedAll(createImporter(), fixture(folder, name));
    const skippedBefore = importer.skipped().total;
    importer.feedLine(JSON.stringify({ type: 'brand-new-record-type', timestamp: '2026-12-01T00:00:00.000Z', payload: {} }));
    importer.feedLine('{"type": "user", "message": {"content": "cut off mid');
    expect(importer.notUnderstood()).toEqual({ total: 2, byType: { 'brand-new-record-type': 1, malformed: 1 } });
    expect(importer.skipped().total).toBe(skippedBefore + 2);
  });
});

describe('kinds inside a known record', () => {
  it('Claude Code: an unknown assistant block is not understood, a thinking block is left out on purpose', () => {
    const importer = createClaudeCodeImporter();
    importer.feedLine(JSON.stringify({ type: 'assistant', message: { id: 'm1', content: [{ type: 'thinking', thinking: '…' }, { type: 'hologram' }] } }));
    expect(importer.skipped().byType).toEqual({ thinking: 1, hologram: 1 });
    expect(importer.notUnderstood()).toEqual({ total: 1, byType: { hologram: 1 } });
  });

  it('Codex: an unknown event_msg subtype is not understood, a token_count is left out on purpose', () => {
    const importer = createCodexImporter();
    for (const type of ['token_count', 'brand_new_event']) importer.feedLine(JSON.stringify({ timestamp: '2026-12-01T00:00:00.000Z', type: 'event_msg', payload: { type } }));
    expect(importer.notUnderstood()).toEqual({ total: 1, byType: { 'event_msg:brand_new_event': 1 } });
  });
});
