import { KNOWN_LANGS, langFromPath } from '@toolcards/protocol';

/** Fence names models write that are neither a language id nor a file extension. */
const FENCE_ALIASES: ReadonlyMap<string, string> = new Map([
  ['bash', 'shellscript'],
  ['shell', 'shellscript'],
  ['sh', 'shellscript'],
  ['zsh', 'shellscript'],
  ['console', 'shellscript'],
  ['js', 'javascript'],
  ['ts', 'typescript'],
  ['py', 'python'],
  ['c++', 'cpp'],
  ['c#', 'csharp'],
  ['cs', 'csharp'],
  ['golang', 'go'],
  ['yml', 'yaml'],
]);

/**
 * The highlighting language of a Markdown code fence: "```ts" → typescript. The
 * same ids as the read card (protocol's KNOWN_LANGS), so the same lazy grammars
 * serve both. Undefined (plain text) for anything unknown.
 */
export function langFromFence(info: string | undefined): string | undefined {
  const name = info?.trim().split(/\s+/)[0]?.toLowerCase();
  if (!name) return undefined;
  if (KNOWN_LANGS.includes(name)) return name;
  return FENCE_ALIASES.get(name) ?? langFromPath(`fence.${name}`);
}
