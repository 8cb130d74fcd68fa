import { constants } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { MAX_FULL_RESULT_PAGE, type FullResultOutline, type FullResultPage, type SearchMeta } from '@toolcards/protocol';
import { comparePaths } from '@toolcards/tools';
import { DamagedSpillError, listedPath, outlineSpill, parseMatchRow, readSection, type SpillOutline } from './spill-outline';

/** What a request asked of a capped result: its outline, or one page. */
export type FullResultQuery = { kind: 'outline' } | { kind: 'page'; file: number | undefined; offset: number; limit: number };

export type FullResultAnswer =
  | { ok: true; body: FullResultOutline | FullResultPage }
  | { ok: false; status: 400 | 404; code: 'BAD_REQUEST' | 'NO_FULL_RESULT'; message: string };

/** Outlines kept for a repeated look at the same few results (each is a few numbers per file). */
const CACHED_OUTLINES = 16;

/**
 * Serves capped searches' complete results from their spill files, read-only. The spill
 * path comes from the logged meta, so it is trusted only inside the session's own spill
 * folder, opened without following a symlink, and only as a regular file.
 */
export class FullResults {
  private readonly outlines = new Map<string, SpillOutline>();

  async answer(spillDir: string, callId: string, meta: SearchMeta, query: FullResultQuery): Promise<FullResultAnswer> {
    if (!meta.truncated || meta.spillPath === undefined) return noFullResult('this result was not capped, or its full version was not saved');
    const file = await openInside(spillDir, meta.spillPath);
    if (file === undefined) return noFullResult('the saved full result is gone');
    try {
      const outline = await this.outlineOf(file, meta.spillPath, meta.shape);
      if (query.kind === 'outline') {
        return {
          ok: true,
          body:
            outline.shape === 'matches'
              ? { shape: 'matches', callId, total: outline.total, files: outline.sections.map((section) => ({ path: section.path ?? '', matches: section.count })) }
              : { shape: 'paths', callId, total: outline.total },
        };
      }
      const limit = Math.min(query.limit, MAX_FULL_RESULT_PAGE);
      if (outline.shape === 'paths') {
        const section = outline.sections[0];
        const lines = section === undefined ? [] : await readSection(file, section, query.offset, limit);
        return { ok: true, body: { shape: 'paths', offset: query.offset, paths: lines.map(listedPath) } };
      }
      const section = query.file === undefined ? undefined : outline.sections[query.file];
      if (query.file === undefined || section === undefined) return { ok: false, status: 400, code: 'BAD_REQUEST', message: `file must name one of the ${outline.sections.length} files (0-based)` };
      const rows = await readSection(file, section, query.offset, limit);
      const matches = rows.flatMap((row) => parseMatchRow(row) ?? []);
      return { ok: true, body: { shape: 'matches', file: query.file, offset: query.offset, matches } };
    } catch (error) {
      // A spill edited or replaced on disk: say so, keep nothing of it.
      if (error instanceof DamagedSpillError) return noFullResult(`the saved full result is damaged: ${error.message}`);
      throw error;
    } finally {
      await file.close();
    }
  }

  private async outlineOf(file: FileHandle, spillPath: string, shape: SpillOutline['shape']): Promise<SpillOutline> {
    const { size, mtimeMs } = await file.stat();
    const key = `${spillPath}\0${size}\0${mtimeMs}`;
    const cached = this.outlines.get(key);
    if (cached) return cached;
    const outline = await outlineSpill(file, shape);
    // The spill holds files as ripgrep's threads reported them; the card lists them as the shown page does, by path.
    if (shape === 'matches') outline.sections.sort((a, b) => comparePaths(a.path ?? '', b.path ?? ''));
    this.outlines.set(key, outline);
    if (this.outlines.size > CACHED_OUTLINES) this.outlines.delete(this.outlines.keys().next().value!);
    return outline;
  }
}

/** The spill file, when it is a regular file directly in `spillDir` (no symlink anywhere in the last step). */
async function openInside(spillDir: string, spillPath: string): Promise<FileHandle | undefined> {
  const resolved = path.resolve(spillPath);
  try {
    if ((await realpath(path.dirname(resolved))) !== (await realpath(spillDir))) return undefined;
    const file = await open(resolved, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    if ((await file.stat()).isFile()) return file;
    await file.close();
    return undefined;
  } catch {
    return undefined;
  }
}

function noFullResult(message: string): FullResultAnswer {
  return { ok: false, status: 404, code: 'NO_FULL_RESULT', message };
}

/** `?file=&offset=&limit=` → a query; none of them → the outline. A malformed number is a message. */
export function fullResultQueryOf(params: URLSearchParams): FullResultQuery | string {
  if (!params.has('file') && !params.has('offset') && !params.has('limit')) return { kind: 'outline' };
  const number = (name: string, fallback: number | undefined, min: number): number | undefined | string => {
    const raw = params.get(name);
    if (raw === null) return fallback;
    const value = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    return Number.isSafeInteger(value) && value >= min ? value : `${name} must be a whole number of at least ${min}`;
  };
  const file = number('file', undefined, 0);
  const offset = number('offset', 0, 0);
  const limit = number('limit', MAX_FULL_RESULT_PAGE, 1);
  for (const value of [file, offset, limit]) if (typeof value === 'string') return value;
  return { kind: 'page', file: file as number | undefined, offset: offset as number, limit: limit as number };
}
