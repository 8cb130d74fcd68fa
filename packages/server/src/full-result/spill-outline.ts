import type { FileHandle } from 'node:fs/promises';

/**
 * The shape of a spill file, learnt in one pass so pages can be read without
 * holding the file: a grep spill is `path:` headers each followed by
 * `  Line N: text` rows (grep-render's format); a glob spill is one path per line.
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

/** Every line of the file from `start`, with its byte offset; stops when `visit` says false. */
async function eachLine(file: FileHandle, start: number, visit: (line: string, offset: number) => boolean): Promise<void> {
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let carry = Buffer.alloc(0);
  let carryOffset = start;
  let position = start;
  for (;;) {
    const { bytesRead } = await file.read(buffer, 0, CHUNK_BYTES, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    const chunk = carry.length === 0 ? buffer.subarray(0, bytesRead) : Buffer.concat([carry, buffer.subarray(0, bytesRead)]);
    let lineStart = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, lineStart)) {
      if (!visit(chunk.toString('utf8', lineStart, newline), carryOffset + lineStart)) return;
      lineStart = newline + 1;
    }
    carry = Buffer.from(chunk.subarray(lineStart));
    carryOffset += lineStart;
  }
  if (carry.length > 0) visit(carry.toString('utf8'), carryOffset);
}

export async function outlineSpill(file: FileHandle, shape: SpillOutline['shape']): Promise<SpillOutline> {
  const sections: SpillSection[] = shape === 'paths' ? [{ count: 0, checkpoints: [] }] : [];
  let total = 0;
  await eachLine(file, 0, (line, offset) => {
    if (line === '') return true;
    let section = sections.at(-1);
    if (shape === 'matches' && !line.startsWith(MATCH_PREFIX)) {
      sections.push({ path: line.endsWith(':') ? line.slice(0, -1) : line, count: 0, checkpoints: [] });
      return true;
    }
    if (section === undefined) {
      section = { path: '', count: 0, checkpoints: [] };
      sections.push(section);
    }
    if (section.count % CHECKPOINT_EVERY === 0) section.checkpoints.push(offset);
    section.count += 1;
    total += 1;
    return true;
  });
  return { shape, total, sections };
}

/** Items `offset`..`offset + limit` of a section, as the spill holds them (match rows still in `  Line N: text` form). */
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
