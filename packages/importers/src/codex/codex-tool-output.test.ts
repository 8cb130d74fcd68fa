import { describe, expect, it } from 'vitest';
import { commandOutputOf, outputLinesOf, outputWithGap } from './codex-tool-output';

describe('commandOutputOf', () => {
  it('reads the 0.16x header: exit code, wall time, then the output', () => {
    const raw = 'Chunk ID: d3eb22\nWall time: 1.2500 seconds\nProcess exited with code 2\nOriginal token count: 23\nOutput:\nls: cannot access\n';
    expect(commandOutputOf(raw)).toEqual({ body: 'ls: cannot access\n', exitCode: 2, durationMs: 1250 });
  });

  it("reads apply_patch's nested header (as 0.169 wrote it)", () => {
    const raw = 'Wall time: 0.0000 seconds\nOutput:\nExit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nM src/beta.ts\n';
    expect(commandOutputOf(raw)).toEqual({ body: 'Success. Updated the following files:\nM src/beta.ts\n', exitCode: 0, durationMs: 0 });
  });

  it('reads the 0.58 JSON string', () => {
    expect(commandOutputOf(JSON.stringify({ output: 'hi\n', metadata: { exit_code: 1, duration_seconds: 0.5 } }))).toEqual({ body: 'hi\n', exitCode: 1, durationMs: 500 });
  });

  it('keeps any other text whole, exit code unknown', () => {
    expect(commandOutputOf('Plan updated')).toEqual({ body: 'Plan updated', exitCode: null });
    expect(commandOutputOf('{"not":"an output"}')).toEqual({ body: '{"not":"an output"}', exitCode: null });
  });
});

describe('outputLinesOf: what Codex kept of a long output, with true line numbers', () => {
  it('0.58: head, [... omitted X of N lines ...], tail', () => {
    const body = 'Total output lines: 10\n\na1\na2\n[... omitted 6 of 10 lines ...]\n\na9\na10\n';
    const lines = outputLinesOf(body);
    expect(lines).toEqual({
      kind: 'shortened',
      totalLines: 10,
      head: [
        { number: 1, text: 'a1' },
        { number: 2, text: 'a2' },
      ],
      tail: [
        { number: 9, text: 'a9' },
        { number: 10, text: 'a10' },
      ],
      note: '[... omitted 6 of 10 lines ...]',
    });
    if (lines.kind === 'shortened') expect(outputWithGap(lines)).toBe('a1\na2\n[… 6 lines (3–8 of 10) left out by Codex …]\na9\na10\n');
  });

  it('0.169: the cut inside a line, marked …N chars truncated…; the cut lines are not whole', () => {
    const body = 'Warning: truncated output (original token count: 9000)\nTotal output lines: 10\n\nr1\nr2\nr…5000 chars truncated…8\nr9\nr10\n';
    expect(outputLinesOf(body)).toMatchObject({
      kind: 'shortened',
      totalLines: 10,
      head: [
        { number: 1, text: 'r1' },
        { number: 2, text: 'r2' },
      ],
      tail: [
        { number: 9, text: 'r9' },
        { number: 10, text: 'r10' },
      ],
    });
  });

  it('takes an output without the marker as whole', () => {
    expect(outputLinesOf('a\nb\n')).toEqual({ kind: 'whole', lines: ['a', 'b'] });
    expect(outputLinesOf('a\nb')).toEqual({ kind: 'whole', lines: ['a', 'b'] });
    expect(outputLinesOf('')).toEqual({ kind: 'whole', lines: [] });
    expect(outputLinesOf('Total output lines: 2\n\na\nb\n')).toEqual({ kind: 'whole', lines: ['Total output lines: 2', '', 'a', 'b'] });
  });
});
