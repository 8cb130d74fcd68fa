/**
 * Extension → Shiki language id. A display hint only: an unknown extension
 * degrades to plain text. Extending it is a one-line addition.
 */
const LANG_BY_EXTENSION: ReadonlyMap<string, string> = new Map([
  ['ts', 'typescript'], ['mts', 'typescript'], ['cts', 'typescript'],
  ['tsx', 'tsx'],
  ['js', 'javascript'], ['mjs', 'javascript'], ['cjs', 'javascript'],
  ['jsx', 'jsx'],
  ['json', 'json'], ['jsonc', 'jsonc'],
  ['py', 'python'],
  ['rb', 'ruby'],
  ['go', 'go'],
  ['rs', 'rust'],
  ['java', 'java'],
  ['c', 'c'], ['h', 'c'],
  ['cc', 'cpp'], ['cpp', 'cpp'], ['hpp', 'cpp'], ['cxx', 'cpp'],
  ['cs', 'csharp'],
  ['kt', 'kotlin'],
  ['swift', 'swift'],
  ['php', 'php'],
  ['sh', 'shellscript'], ['bash', 'shellscript'], ['zsh', 'shellscript'],
  ['yaml', 'yaml'], ['yml', 'yaml'],
  ['toml', 'toml'],
  ['ini', 'ini'],
  ['md', 'markdown'], ['markdown', 'markdown'],
  ['mdx', 'mdx'],
  ['html', 'html'], ['htm', 'html'],
  ['css', 'css'],
  ['scss', 'scss'],
  ['less', 'less'],
  ['sql', 'sql'],
  // The XML family: markup a reader expects coloured, not plain text.
  ['xml', 'xml'], ['svg', 'xml'], ['xsd', 'xml'], ['xsl', 'xml'], ['xslt', 'xml'], ['plist', 'xml'], ['csproj', 'xml'], ['rss', 'xml'], ['atom', 'xml'],
  ['lua', 'lua'],
]);

/** Every language id `langFromPath` can return (the client lazily loads exactly these). */
export const KNOWN_LANGS: readonly string[] = [...new Set(LANG_BY_EXTENSION.values())];

/**
 * Language hint from the extension after the last path segment and last dot,
 * case-insensitive. Undefined for dotfiles, extensionless names, a trailing dot
 * and unknown extensions (a Map, so `__proto__` or `constructor` are just unknown).
 */
export function langFromPath(path: string): string | undefined {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return undefined;
  return LANG_BY_EXTENSION.get(name.slice(dot + 1).toLowerCase());
}
