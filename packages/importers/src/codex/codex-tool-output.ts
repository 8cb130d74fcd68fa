/**
 * A Codex function_call_output as what the command printed, its exit code and duration, in both
 * generations:
 * - 0.16x: text after a header `Chunk ID: …\nWall time: S seconds\nProcess exited with code N\n
 *   Original token count: T\nOutput:\n` (apply_patch's answer nests a second `Exit code: N\n
 *   Wall time: …\nOutput:\n` header);
 * - 0.58: a JSON string `{output, metadata: {exit_code, duration_seconds}}`;
 * - anything else: the text as it is (exit code unknown).
 *
 * And the output Codex shortened, with every kept line's true number: 0.58 wrote
 * `Total output lines: N\n\n<head>\n[... omitted X of N lines ...]\n\n<tail>`, 0.169 writes
 * `Warning: truncated output (original token count: T)\nTotal output lines: N\n\n<head>…C chars
 * truncated…<tail>` with the cut inside a line.
 */

export interface CommandOutput {
  body: string;
  exitCode: number | null;
  durationMs?: number;
}

export function commandOutputOf(raw: string): CommandOutput {
  const json = jsonOutput(raw);
  if (json !== undefined) return json;
  let rest = raw;
  let exitCode: number | null = null;
  let durationMs: number | undefined;
  // Header lines until `Output:`; a nested header (apply_patch) is read the same way.
  for (let round = 0; round < 2; round += 1) {
    const header = /^((?:(?:Chunk ID|Wall time|Process exited with code|Exit code|Original token count|Process running with session ID)[: ][^\n]*\n)+)Output:\n/.exec(rest);
    if (header === null) break;
    for (const line of header[1]!.split('\n')) {
      const exited = /^(?:Process exited with code|Exit code:) (-?\d+)$/.exec(line);
      if (exited !== null) exitCode = Number(exited[1]);
      const wall = /^Wall time: ([\d.]+) seconds?$/.exec(line);
      if (wall !== null && durationMs === undefined) durationMs = Math.round(Number(wall[1]) * 1000);
    }
    rest = rest.slice(header[0].length);
  }
  if (rest === raw) return { body: raw, exitCode: null };
  return { body: rest, exitCode, ...(durationMs === undefined ? {} : { durationMs }) };
}

function jsonOutput(raw: string): CommandOutput | undefined {
  if (!raw.startsWith('{')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const fields = parsed as Record<string, unknown>;
  if (typeof fields.output !== 'string') return undefined;
  const metadata = typeof fields.metadata === 'object' && fields.metadata !== null ? (fields.metadata as Record<string, unknown>) : {};
  const exitCode = typeof metadata.exit_code === 'number' && Number.isInteger(metadata.exit_code) ? metadata.exit_code : null;
  const seconds = metadata.duration_seconds;
  return {
    body: fields.output,
    exitCode,
    ...(typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? { durationMs: Math.round(seconds * 1000) } : {}),
  };
}

/** One line of output and its true 1-based number in what the command printed. */
export interface NumberedLine {
  number: number;
  text: string;
}

export type OutputLines =
  | { kind: 'whole'; lines: string[] }
  | {
      kind: 'shortened';
      /** How many lines the command printed. */
      totalLines: number;
      /** The whole lines kept before the cut (numbered from 1). */
      head: NumberedLine[];
      /** The whole lines kept after the cut (numbered up to totalLines). */
      tail: NumberedLine[];
      /** What Codex said it left out, as it said it. */
      note: string;
    };

const TOTAL = /^(?:Warning: truncated output \(original token count: \d+\)\n)?Total output lines: (\d+)\n\n?/;
const OMITTED_LINE = /\n?\[\.\.\. omitted (\d+) of (\d+) lines \.\.\.\]\n\n?/;
const CUT_CHARS = /…(\d+) (?:chars|tokens) truncated…/;

/** The body's lines (a final newline ends the last line, it starts none). */
export function outputLinesOf(body: string): OutputLines {
  const total = TOTAL.exec(body);
  if (total !== null) {
    const totalLines = Number(total[1]);
    const text = body.slice(total[0].length);
    const omitted = OMITTED_LINE.exec(text);
    if (omitted !== null) {
      const head = splitLines(text.slice(0, omitted.index));
      const tail = splitLines(text.slice(omitted.index + omitted[0].length));
      return shortened(totalLines, head, [], tail, [], omitted[0].trim());
    }
    const cut = CUT_CHARS.exec(text);
    if (cut !== null) {
      // The cut falls inside a line: the pieces either side of it are not whole lines.
      const before = text.slice(0, cut.index).split('\n');
      const after = splitLines(text.slice(cut.index + cut[0].length));
      const headPiece = before.pop() ?? '';
      const tailPiece = after.shift() ?? '';
      return shortened(totalLines, before, [headPiece], after, [tailPiece], cut[0]);
    }
  }
  return { kind: 'whole', lines: splitLines(body) };
}

function shortened(totalLines: number, head: string[], headPiece: string[], tail: string[], tailPiece: string[], note: string): OutputLines {
  const firstTail = totalLines - tail.length + 1;
  if (firstTail <= head.length + headPiece.length) return { kind: 'whole', lines: [...head, ...headPiece, ...tailPiece, ...tail] };
  return {
    kind: 'shortened',
    totalLines,
    head: head.map((text, index) => ({ number: index + 1, text })),
    tail: tail.map((text, index) => ({ number: firstTail + index, text })),
    note,
  };
}

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The output with the gap in its own line, saying which lines it stands for. */
export function outputWithGap(lines: Extract<OutputLines, { kind: 'shortened' }>): string {
  const firstGap = (lines.head.at(-1)?.number ?? 0) + 1;
  const lastGap = (lines.tail[0]?.number ?? lines.totalLines + 1) - 1;
  const count = lastGap - firstGap + 1;
  const gap = `[… ${count} line${count === 1 ? '' : 's'} (${firstGap}–${lastGap} of ${lines.totalLines}) left out by Codex …]`;
  return [...lines.head.map((line) => line.text), gap, ...lines.tail.map((line) => line.text)].join('\n') + '\n';
}
