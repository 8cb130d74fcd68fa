import { diffMetaFromMeta, langFromPath, type DiffHunk, type DiffMeta } from '@toolcards/protocol';
import { arrayField, asFields, numberField, stringField } from '../json-fields';

/**
 * Claude Code's Edit, MultiEdit and Write results as the diff card's meta, from
 * `toolUseResult.structuredPatch`. A Write that created the file (`type: 'create'`, no patch,
 * `originalFile: null`) is an added file whose every line is '+'. Undefined when the hunks do
 * not hold together (the card would draw them wrong): the generic card shows the text.
 */
export function editDiffMeta(path: string, toolUseResult: unknown): DiffMeta | undefined {
  const result = asFields(toolUseResult);
  if (result === undefined) return undefined;
  const lang = langFromPath(path);
  const created = stringField(result, 'type') === 'create' || (result.originalFile === null && stringField(result, 'content') !== undefined);
  let hunks: DiffHunk[] | undefined;
  if (created) {
    hunks = addedHunks(stringField(result, 'content') ?? '');
  } else {
    const patch = arrayField(result, 'structuredPatch');
    if (patch === undefined) return undefined;
    hunks = [];
    for (const raw of patch) {
      const hunk = asFields(raw);
      const lines = arrayField(hunk, 'lines');
      const oldStart = numberField(hunk, 'oldStart');
      const oldLines = numberField(hunk, 'oldLines');
      const newStart = numberField(hunk, 'newStart');
      const newLines = numberField(hunk, 'newLines');
      if (lines === undefined || oldStart === undefined || oldLines === undefined || newStart === undefined || newLines === undefined) return undefined;
      if (!lines.every((line): line is string => typeof line === 'string')) return undefined;
      hunks.push({ oldStart, oldLines, newStart, newLines, lines });
    }
  }
  const meta = { files: [{ path, status: created ? 'added' : 'modified', ...(lang === undefined ? {} : { lang }), hunks }] };
  return diffMetaFromMeta(meta);
}

function addedHunks(content: string): DiffHunk[] {
  if (content === '') return [];
  const endsWithNewline = content.endsWith('\n');
  const lines = (endsWithNewline ? content.slice(0, -1) : content).split('\n').map((line) => `+${line}`);
  const count = lines.length;
  if (!endsWithNewline) lines.push('\\ No newline at end of file');
  return [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: count, lines }];
}
