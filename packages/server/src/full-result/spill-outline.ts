import type { FileHandle } from 'node:fs/promises';
import { pathFromText } from '@toolcards/tools';

/**
 * The shape of a spill file, learnt in one pass so pages can be read without
 * holding the file: a grep spill is `path:` headers each followed by
 * `  Line N: text` rows (grep-render's format); a glob spill is one path per line.
 * Paths are as the tools' `pathAsText` wrote them, read back by `pathFromText`.
 */
export interface SpillOutline {
  shape: 'matches' | 'paths';
  total: number;
  sections: SpillSection[];
}

/** A grep file's matches, or a glob's whole list. */
export interface SpillSection {
  /** The grep file's path (absent for a glob list). */
  path?: string;
  count: number;
  /** Byte offset of item `k * CHECKPOINT_EVERY`, so a page starts near its first item. */
  checkpoints: number[];
}

export const CHECKPOINT_EVERY = 256;
const CHUNK_BYTES = 1 << 20;
const MATCH_PREFIX = '  Line ';

/**
 * The longest line a spill can hold. Its lines are paths (at most 4 KiB, up to 6 bytes a
 * byte once quoted by `pathAsText`) and match rows (a 2 KB preview, up to 3 bytes a byte as
 * replacement characters): 64 KiB is far past both, and bounds what one line can cost.
 */
export const MAX_SPILL_LINE_BYTES = 64 * 1024;

/** A file that is not a spill as the tools write it: the server answers NO_FULL_RESULT with its message. */
export class DamagedSpillError extends Error {
  override readonly name = 'DamagedSpillError';
}

/**
 * Every line of the file from `start`, with its byte offset; stops when `visit` says false.
 * A line longer than MAX_SPILL_LINE_BYTES throws DamagedSpillError as soon as it is seen,
 * so one huge line costs one chunk's read, never the whole line in memory.
 */
async function eachLine(file: FileHandle, start: number, visit: (line: string, offset: number) => boolean): Promise<void> {
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let carry = Buffer.alloc(0);
  let carryOffset = start;
  let position = start;
  for (;;) {
    const { bytesRead } = await file.read(buffer, 0, CHUNK_BYTES, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    // The carry is shorter than a line can be, so joining it costs at most that per chunk.
    const chunk = carry.length === 0 ? buffer.subarray(0, bytesRead) : Buffer.concat([carry, buffer.subarray(0, bytesRead)]);
    let lineStart = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, lineStart)) {
      if (newline - lineStart > MAX_SPILL_LINE_BYTES) throw lineTooLong(carryOffset + lineStart);
      if (!visit(chunk.toString('utf8', lineStart, newline), carryOffset + lineStart)) return;
      lineStart = newline + 1;
    }
    if (chunk.length - lineStart > MAX_SPILL_LINE_BYTES) throw lineTooLong(carryOffset + lineStart);
    carry = Buffer.from(chunk.subarray(lineStart));
    carryOffset += lineStart;
  }
  if (carry.length > 0) visit(carry.toString('utf8'), carryOffset);
}

function lineTooLong(offset: number): DamagedSpillError {
  return new DamagedSpillError(`its line at byte ${offset} is longer than ${MAX_SPILL_LINE_BYTES} bytes, which no spill line is`);
}

/** A grep header `path:` (the path as `pathAsText` wrote it) → the path. */
function headerPath(line: string, offset: number): string {
  const path = line.endsWith(':') ? pathFromText(line.slice(0, -1)) : undefined;
  if (path === undefined) throw new DamagedSpillError(`its line at byte ${offset} is neither a file header nor a match row`);
  return path;
}

/** A glob line → its path. */
export function listedPath(line: string): string {
  const path = pathFromText(line);
  if (path === undefined) throw new DamagedSpillError('a path in it is a damaged quoted string');
  return path;
}

/** The file's outline; throws DamagedSpillError for a file the tools did not write. */
export async function outlineSpill(file: FileHandle, shape: SpillOutline['shape']): Promise<SpillOutline> {
  const sections: SpillSection[] = shape === 'paths' ? [{ count: 0, checkpoints: [] }] : [];
  let total = 0;
  await eachLine(file, 0, (line, offset) => {
    if (line === '') return true;
    if (shape === 'matches' && !line.startsWith(MATCH_PREFIX)) {
      sections.push({ path: headerPath(line, offset), count: 0, checkpoints: [] });
      return true;
    }
    const section = sections.at(-1);
    if (section === undefined) throw new DamagedSpillError('it starts with a match row before any file header');
    if (shape === 'paths') listedPath(line);
    if (section.count % CHECKPOINT_EVERY === 0) section.checkpoints.push(offset);
    section.count += 1;
    total += 1;
    return true;
  });
  return { shape, total, sections };
}

/**
 * Items `offset`..`offset + limit` of a section, as the spill holds them (match rows still in
 * `  Line N: text` form, paths as `pathAsText` wrote them); throws DamagedSpillError.
 */
export async function readSection(file: FileHandle, section: SpillSection, offset: number, limit: number): Promise<string[]> {
  const end = Math.min(section.count, offset + limit);
  if (offset >= end) return [];
  const checkpoint = Math.floor(offset / CHECKPOINT_EVERY);
  let index = checkpoint * CHECKPOINT_EVERY;
  const items: string[] = [];
  await eachLine(file, section.checkpoints[checkpoint]!, (line) => {
    if (line === '') return true;
    if (index >= offset) items.push(line);
    index += 1;
    return index < end;
  });
  return items;
}

/** `  Line 42: text` → its number and text; undefined for anything else. */
export function parseMatchRow(row: string): { lineNumber: number; line: string } | undefined {
  const match = /^ {2}Line (\d+): /.exec(row);
  if (!match) return undefined;
  const lineNumber = Number(match[1]);
  return Number.isSafeInteger(lineNumber) && lineNumber >= 1 ? { lineNumber, line: row.slice(match[0].length) } : undefined;
}
