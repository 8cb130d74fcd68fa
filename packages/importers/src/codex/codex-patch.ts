import { diffMetaFromMeta, langFromPath, type DiffFile, type DiffHunk, type DiffMeta } from '@toolcards/protocol';
import { asFields, stringField } from '../json-fields';

/**
 * An apply_patch as the diff card's meta. 0.169 logs what the patch did (an `item_completed`
 * FileChange: per absolute path `{type:'add', content}`, `{type:'delete', content}` or
 * `{type:'update', unified_diff, move_path}`), with true line numbers. Without it (0.58) the
 * `*** Begin Patch` text itself is all there is: an added file's lines are numbered from 1, a
 * deleted file has no lines, but an updated file's hunks (`@@ context`) do not say where they are,
 * so such a patch is no diff card (undefined) rather than one with made-up line numbers.
 */

export function diffFromFileChanges(changes: unknown, shownPath: (path: string) => string): DiffMeta | undefined {
  const byPath = asFields(changes);
  if (byPath === undefined) return undefined;
  const files: DiffFile[] = [];
  for (const [rawPath, rawChange] of Object.entries(byPath)) {
    const change = asFields(rawChange);
    const path = shownPath(rawPath);
    const lang = langFromPath(path);
    const withLang = lang === undefined ? {} : { lang };
    switch (stringField(change, 'type')) {
      case 'add':
        files.push({ path, status: 'added', ...withLang, hunks: addedHunks(stringField(change, 'content') ?? '', '+') });
        break;
      case 'delete':
        files.push({ path, status: 'deleted', ...withLang, hunks: addedHunks(stringField(change, 'content') ?? '', '-') });
        break;
      case 'update': {
        const hunks = unifiedHunks(stringField(change, 'unified_diff') ?? '');
        if (hunks === undefined) return undefined;
        const movedTo = stringField(change, 'move_path');
        if (movedTo) files.push({ path: shownPath(movedTo), oldPath: path, status: 'renamed', ...withLang, hunks });
        else files.push({ path, status: 'modified', ...withLang, hunks });
        break;
      }
      default:
        return undefined;
    }
  }
  return diffMetaFromMeta({ files });
}

/** The patch text alone: a diff only when every file's lines can be numbered truly. */
export function diffFromPatchText(patch: string, shownPath: (path: string) => string): DiffMeta | undefined {
  const lines = patch.split('\n');
  if (lines[0]?.trim() !== '*** Begin Patch') return undefined;
  const files: DiffFile[] = [];
  let added: { path: string; lines: string[] } | undefined;
  const closeAdded = (): void => {
    if (added === undefined) return;
    const lang = langFromPath(added.path);
    const content = added.lines.length === 0 ? '' : `${added.lines.join('\n')}\n`;
    files.push({ path: added.path, status: 'added', ...(lang === undefined ? {} : { lang }), hunks: addedHunks(content, '+') });
    added = undefined;
  };
  for (const line of lines.slice(1)) {
    const header = /^\*\*\* (Add|Delete|Update) File: (.+)$/.exec(line);
    if (header !== null) {
      closeAdded();
      const path = shownPath(header[2]!.trim());
      if (header[1] === 'Add') added = { path, lines: [] };
      else if (header[1] === 'Delete') files.push({ path, status: 'deleted', hunks: [] });
      else return undefined;
      continue;
    }
    if (line.trim() === '*** End Patch') break;
    if (added !== undefined) {
      if (!line.startsWith('+')) return undefined;
      added.lines.push(line.slice(1));
    }
  }
  closeAdded();
  return diffMetaFromMeta({ files });
}

function addedHunks(content: string, sign: '+' | '-'): DiffHunk[] {
  if (content === '') return [];
  const endsWithNewline = content.endsWith('\n');
  const lines = (endsWithNewline ? content.slice(0, -1) : content).split('\n').map((line) => `${sign}${line}`);
  const count = lines.length;
  if (!endsWithNewline) lines.push('\\ No newline at end of file');
  return sign === '+'
    ? [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: count, lines }]
    : [{ oldStart: 1, oldLines: count, newStart: 0, newLines: 0, lines }];
}

/** `@@ -a,b +c,d @@` hunks of a unified diff (headers `---`/`+++` skipped). */
export function unifiedHunks(diff: string): DiffHunk[] | undefined {
  const hunks: DiffHunk[] = [];
  let current: DiffHunk | undefined;
  const rows = diff.endsWith('\n') ? diff.slice(0, -1).split('\n') : diff.split('\n');
  for (const row of rows) {
    const header = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(row);
    if (header !== null) {
      current = {
        oldStart: Number(header[1]),
        oldLines: header[2] === undefined ? 1 : Number(header[2]),
        newStart: Number(header[3]),
        newLines: header[4] === undefined ? 1 : Number(header[4]),
        lines: [],
      };
      hunks.push(current);
      continue;
    }
    if (current === undefined) {
      if (row.startsWith('---') || row.startsWith('+++') || row === '') continue;
      return undefined;
    }
    current.lines.push(row);
  }
  return hunks.every((hunk) => hunk.lines.length > 0) ? hunks : undefined;
}
