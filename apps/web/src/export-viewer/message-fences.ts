import { langFromFence } from '../timeline/markdown/fence-lang';

export interface MessageFence {
  lang: string;
  /** The fence's lines as the code fence card splits them. */
  texts: string[];
}

/**
 * The fenced code blocks of an assistant message at the top level (``` or ~~~, up to three
 * spaces in, closed by the same run or the message's end), with a language the app
 * highlights: the windows its code fence cards ask for. A fence inside a list or a quote is
 * not found (it stays plain in an export). Pure.
 */
export function messageFences(markdown: string): MessageFence[] {
  const lines = markdown.split(/\r?\n/);
  const fences: MessageFence[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^( {0,3})(`{3,}|~{3,})([^`]*)$/.exec(lines[index]!);
    if (!open) continue;
    const [, indent, run, info] = open;
    const texts: string[] = [];
    let end = index + 1;
    for (; end < lines.length; end += 1) {
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(lines[end]!);
      if (close && close[1]![0] === run![0] && close[1]!.length >= run!.length) break;
      texts.push(stripIndent(lines[end]!, indent!.length));
    }
    // An unclosed fence runs to the end; its last empty line is the message's final newline.
    if (end >= lines.length && texts.at(-1) === '') texts.pop();
    const lang = langFromFence(info);
    if (lang !== undefined && texts.length > 0) fences.push({ lang, texts });
    index = end;
  }
  return fences;
}

function stripIndent(line: string, indent: number): string {
  let cut = 0;
  while (cut < indent && line[cut] === ' ') cut += 1;
  return line.slice(cut);
}
