import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createWorkspace, DEFAULT_TOOL_CONFIG, runTool } from '@toolcards/tools';
import type { BenchDefinition } from '../bench-context';
import { measuredFigure } from '../figures';
import { pairwiseRatios } from '../stats';
import { spawnAndDrain } from './spawn-drain';

const FILE_NAME = 'lines.txt';

export const readCountBench: BenchDefinition = {
  name: 'read',
  about: 'read tool on a generated 100 MB file (exact totalLines means reading all of it), in-process, vs `wc -l`',
  async run(context) {
    const folder = path.join(context.scratch, 'read');
    const bytes = context.quick ? 10e6 : 100e6;
    const file = path.join(folder, FILE_NAME);
    const lines = await writeLinesFile(file, bytes);
    const workspace = await createWorkspace(folder);
    const toolMs: number[] = [];
    const wcMs: number[] = [];

    const timeTool = async (): Promise<number> => {
      const started = performance.now();
      const result = await runTool('read', { path: FILE_NAME }, {
        workspace,
        signal: new AbortController().signal,
        config: DEFAULT_TOOL_CONFIG,
      });
      const ms = performance.now() - started;
      const totalLines = (result.meta as { totalLines?: unknown } | undefined)?.totalLines;
      if (result.isError || totalLines !== lines) {
        throw new Error(`read tool counted ${String(totalLines)} lines, the file has ${lines}: ${result.error?.message ?? ''}`);
      }
      return ms;
    };
    const timeWc = async (): Promise<number> => (await spawnAndDrain('wc', ['-l', file], folder)).ms;

    for (let index = -1; index < context.runs; index += 1) {
      const toolFirst = index % 2 === 0;
      const first = toolFirst ? await timeTool() : await timeWc();
      const second = toolFirst ? await timeWc() : await timeTool();
      if (index < 0) continue; // warm-up: the file is in the page cache for both from here on
      toolMs.push(toolFirst ? first : second);
      wcMs.push(toolFirst ? second : first);
    }
    const megabytes = bytes / 1e6;
    const what = `read ${megabytes.toFixed(0)} MB (${lines.toLocaleString('en-US')} lines)`;
    return {
      figures: [
        measuredFigure('read.tool.throughput', `${what}: read tool, in-process`, 'MB/s', toolMs.map((ms) => megabytes / (ms / 1000)), { op: '≥', value: 1000 }),
        measuredFigure('read.tool.ms', `${what}: read tool, in-process`, 'ms', toolMs),
        measuredFigure('read.wc.throughput', `${what}: wc -l, whole process`, 'MB/s', wcMs.map((ms) => megabytes / (ms / 1000))),
        measuredFigure('read.wc.ms', `${what}: wc -l, whole process`, 'ms', wcMs),
        measuredFigure('read.ratio', `${what}: read tool / wc -l`, 'ratio', pairwiseRatios(toolMs, wcMs)),
      ],
      details: ['MB = 10⁶ bytes; 1 GB/s = 1,000 MB/s. The file is in the page cache for every measured run.'],
    };
  },
};

/**
 * Writes `bytes` bytes of source-like lines (0–120 characters, deterministic) ending in a
 * newline, and returns the line count.
 */
async function writeLinesFile(file: string, bytes: number): Promise<number> {
  await mkdir(path.dirname(file), { recursive: true });
  const block = sourceLikeBlock(1 << 20);
  const handle = await open(file, 'w');
  let written = 0;
  let lines = 0;
  try {
    while (written < bytes) {
      let piece = block.bytes;
      let pieceLines = block.lines;
      if (written + piece.length > bytes) {
        // The last piece: cut at a line end at or below the size, then pad to the exact size.
        const room = bytes - written;
        const cut = piece.lastIndexOf(10, room - 1) + 1;
        const padding = Buffer.alloc(room - cut, 0x20);
        if (padding.length > 0) padding[padding.length - 1] = 10;
        piece = Buffer.concat([piece.subarray(0, cut), padding]);
        pieceLines = countNewlines(piece);
      }
      await handle.write(piece);
      written += piece.length;
      lines += pieceLines;
    }
  } finally {
    await handle.close();
  }
  return lines;
}

function sourceLikeBlock(size: number): { bytes: Buffer; lines: number } {
  const words = ['const', 'value', '=', 'await', 'readFile(path);', 'return', 'items.map((item)', '=>', 'item.id);', '//', 'TODO', '{', '}'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  const parts: string[] = [];
  let length = 0;
  let lines = 0;
  while (length < size - 200) {
    const width = next() % 121;
    let line = '  '.repeat(next() % 4);
    while (line.length < width) line += `${words[next() % words.length]} `;
    line = `${line.slice(0, width)}\n`;
    parts.push(line);
    length += line.length;
    lines += 1;
  }
  return { bytes: Buffer.from(parts.join(''), 'ascii'), lines };
}

function countNewlines(buffer: Buffer): number {
  let count = 0;
  for (let at = buffer.indexOf(10); at !== -1; at = buffer.indexOf(10, at + 1)) count += 1;
  return count;
}
