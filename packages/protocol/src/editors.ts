// No zod here: the CLI reads these at start (`@toolcards/protocol/editors`) before it loads
// zod, and only for a command that needs it. The schema is in editor-schema.ts.

/**
 * The editors a card's "Open in editor" link can target, chosen when the server starts
 * (`--editor`, TOOLCARDS_EDITOR). A closed list: the client switches on it to build the
 * link, and `none` turns the links off.
 */
export const EDITORS = ['vscode', 'cursor', 'zed', 'idea', 'none'] as const;
export type Editor = (typeof EDITORS)[number];

export const DEFAULT_EDITOR: Editor = 'vscode';

/** Narrows a flag's or a variable's text; undefined when it is not one of EDITORS. */
export function editorFromText(text: string): Editor | undefined {
  return (EDITORS as readonly string[]).includes(text) ? (text as Editor) : undefined;
}
