/**
 * A user line's text as the person typed it: the harness's wrappers removed. Claude Code writes
 * slash commands as `<command-message>…</command-message><command-name>/x</command-name>
 * <command-args>…</command-args>` (shown as `/x args`), and adds `<system-reminder>`,
 * `<local-command-stdout>` and similar blocks that are not the person's words.
 */

const DROPPED_BLOCKS = [
  'system-reminder',
  'command-message',
  'local-command-stdout',
  'local-command-stderr',
  'local-command-caveat',
  'user-prompt-submit-hook',
];

export function promptText(raw: string): string {
  const name = /<command-name>([\s\S]*?)<\/command-name>/.exec(raw)?.[1]?.trim();
  const args = /<command-args>([\s\S]*?)<\/command-args>/.exec(raw)?.[1]?.trim();
  let text = raw;
  for (const tag of [...DROPPED_BLOCKS, 'command-name', 'command-args']) {
    text = text.replace(new RegExp(`<${tag}>[\\s\\S]*?</${tag}>`, 'g'), '');
  }
  text = text.trim();
  if (name !== undefined && name !== '') {
    const command = name.startsWith('/') ? name : `/${name}`;
    const typed = args ? `${command} ${args}` : command;
    return text === '' ? typed : `${typed}\n\n${text}`;
  }
  return text;
}

/** Text with `<system-reminder>` blocks left out (Claude Code appends them to tool results). */
export function withoutSystemReminders(text: string): string {
  return text.replace(/\n*<system-reminder>[\s\S]*?<\/system-reminder>\n*/g, '\n').replace(/^\n+|\n+$/g, '');
}
