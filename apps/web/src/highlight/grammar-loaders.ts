import type { LanguageRegistration } from '@shikijs/types';

type GrammarLoader = () => Promise<{ default: LanguageRegistration[] }>;

/**
 * One lazy loader per language id protocol's KNOWN_LANGS can name. Each is a literal
 * `import()` so the bundler emits one chunk per grammar, fetched the first time a card
 * needs it. Never import `shiki` itself: its entry pulls every language.
 */
export const GRAMMAR_LOADERS: ReadonlyMap<string, GrammarLoader> = new Map<string, GrammarLoader>([
  ['typescript', () => import('@shikijs/langs/typescript')],
  ['tsx', () => import('@shikijs/langs/tsx')],
  ['javascript', () => import('@shikijs/langs/javascript')],
  ['jsx', () => import('@shikijs/langs/jsx')],
  ['json', () => import('@shikijs/langs/json')],
  ['jsonc', () => import('@shikijs/langs/jsonc')],
  ['python', () => import('@shikijs/langs/python')],
  ['ruby', () => import('@shikijs/langs/ruby')],
  ['go', () => import('@shikijs/langs/go')],
  ['rust', () => import('@shikijs/langs/rust')],
  ['java', () => import('@shikijs/langs/java')],
  ['c', () => import('@shikijs/langs/c')],
  ['cpp', () => import('@shikijs/langs/cpp')],
  ['csharp', () => import('@shikijs/langs/csharp')],
  ['kotlin', () => import('@shikijs/langs/kotlin')],
  ['swift', () => import('@shikijs/langs/swift')],
  ['php', () => import('@shikijs/langs/php')],
  ['shellscript', () => import('@shikijs/langs/shellscript')],
  ['yaml', () => import('@shikijs/langs/yaml')],
  ['toml', () => import('@shikijs/langs/toml')],
  ['ini', () => import('@shikijs/langs/ini')],
  ['markdown', () => import('@shikijs/langs/markdown')],
  ['mdx', () => import('@shikijs/langs/mdx')],
  ['html', () => import('@shikijs/langs/html')],
  ['css', () => import('@shikijs/langs/css')],
  ['scss', () => import('@shikijs/langs/scss')],
  ['less', () => import('@shikijs/langs/less')],
  ['sql', () => import('@shikijs/langs/sql')],
  ['xml', () => import('@shikijs/langs/xml')],
  ['lua', () => import('@shikijs/langs/lua')],
]);
