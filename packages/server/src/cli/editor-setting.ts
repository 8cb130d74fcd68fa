import { DEFAULT_EDITOR, editorFromText, EDITORS, type Editor } from '@toolcards/protocol/editors';

export type EditorSetting = { kind: 'editor'; editor: Editor } | { kind: 'invalid'; message: string };

/**
 * The editor the cards' links open: the `--editor` flag (already checked by parseCliArgs),
 * else TOOLCARDS_EDITOR, else vscode. A wrong variable is refused like a wrong flag, so a
 * typo does not quietly link to the default.
 */
export function editorSetting(flag: Editor | undefined, env: Record<string, string | undefined>): EditorSetting {
  if (flag !== undefined) return { kind: 'editor', editor: flag };
  const text = env.TOOLCARDS_EDITOR?.trim();
  if (text === undefined || text === '') return { kind: 'editor', editor: DEFAULT_EDITOR };
  const editor = editorFromText(text);
  return editor === undefined ? { kind: 'invalid', message: `TOOLCARDS_EDITOR must be one of ${EDITORS.join(', ')}, not "${text}"` } : { kind: 'editor', editor };
}
