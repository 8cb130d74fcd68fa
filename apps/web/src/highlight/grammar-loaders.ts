import type { LanguageRegistration } from '@shikijs/types';

export type GrammarLoader = () => Promise<{ default: LanguageRegistration[] }>;

/**
 * Where a language's grammar comes from. `precompiled`: Shiki's precompiled grammar
 * (@shikijs/langs-precompiled), its Oniguruma patterns already JavaScript regex literals, so
 * the engine converts nothing — converting each pattern on first use was most of a cold first
 * chunk. `plain`: the grammar as written (@shikijs/langs), converted pattern by pattern on
 * first use: for a language without a precompiled grammar, or a browser that cannot run one
 * (its regexes need ES2024's `v` flag).
 */
export interface GrammarSource {
  precompiled?: GrammarLoader;
  plain: GrammarLoader;
  /**
   * Its plain grammar has end/while patterns referring to their begin's captures, which the
   * precompiled one lost (back-references.ts): both are loaded, and those patterns taken from the plain one.
   */
  backReferences?: true;
}

const precompiled = (precompiledLoader: GrammarLoader, plain: GrammarLoader): GrammarSource => ({ precompiled: precompiledLoader, plain });
const withBackReferences = (precompiledLoader: GrammarLoader, plain: GrammarLoader): GrammarSource => ({
  precompiled: precompiledLoader,
  plain,
  backReferences: true,
});

/**
 * One lazy grammar per language id protocol's KNOWN_LANGS can name. Each is a literal
 * `import()` so the bundler emits one chunk per grammar, fetched the first time a card
 * needs it (a plain one only where named above). Never import `shiki` itself: its entry
 * pulls every language.
 */
export const GRAMMAR_LOADERS: ReadonlyMap<string, GrammarSource> = new Map<string, GrammarSource>([
  ['typescript', withBackReferences(() => import('@shikijs/langs-precompiled/typescript'), () => import('@shikijs/langs/typescript'))],
  ['tsx', withBackReferences(() => import('@shikijs/langs-precompiled/tsx'), () => import('@shikijs/langs/tsx'))],
  ['javascript', withBackReferences(() => import('@shikijs/langs-precompiled/javascript'), () => import('@shikijs/langs/javascript'))],
  ['jsx', withBackReferences(() => import('@shikijs/langs-precompiled/jsx'), () => import('@shikijs/langs/jsx'))],
  ['json', precompiled(() => import('@shikijs/langs-precompiled/json'), () => import('@shikijs/langs/json'))],
  ['jsonc', precompiled(() => import('@shikijs/langs-precompiled/jsonc'), () => import('@shikijs/langs/jsonc'))],
  ['python', withBackReferences(() => import('@shikijs/langs-precompiled/python'), () => import('@shikijs/langs/python'))],
  ['ruby', withBackReferences(() => import('@shikijs/langs-precompiled/ruby'), () => import('@shikijs/langs/ruby'))],
  ['go', precompiled(() => import('@shikijs/langs-precompiled/go'), () => import('@shikijs/langs/go'))],
  ['rust', withBackReferences(() => import('@shikijs/langs-precompiled/rust'), () => import('@shikijs/langs/rust'))],
  ['java', precompiled(() => import('@shikijs/langs-precompiled/java'), () => import('@shikijs/langs/java'))],
  ['c', precompiled(() => import('@shikijs/langs-precompiled/c'), () => import('@shikijs/langs/c'))],
  ['cpp', withBackReferences(() => import('@shikijs/langs-precompiled/cpp'), () => import('@shikijs/langs/cpp'))],
  ['csharp', precompiled(() => import('@shikijs/langs-precompiled/csharp'), () => import('@shikijs/langs/csharp'))],
  ['kotlin', precompiled(() => import('@shikijs/langs-precompiled/kotlin'), () => import('@shikijs/langs/kotlin'))],
  ['swift', withBackReferences(() => import('@shikijs/langs-precompiled/swift'), () => import('@shikijs/langs/swift'))],
  ['php', withBackReferences(() => import('@shikijs/langs-precompiled/php'), () => import('@shikijs/langs/php'))],
  ['shellscript', withBackReferences(() => import('@shikijs/langs-precompiled/shellscript'), () => import('@shikijs/langs/shellscript'))],
  ['yaml', withBackReferences(() => import('@shikijs/langs-precompiled/yaml'), () => import('@shikijs/langs/yaml'))],
  ['toml', precompiled(() => import('@shikijs/langs-precompiled/toml'), () => import('@shikijs/langs/toml'))],
  ['ini', precompiled(() => import('@shikijs/langs-precompiled/ini'), () => import('@shikijs/langs/ini'))],
  ['markdown', withBackReferences(() => import('@shikijs/langs-precompiled/markdown'), () => import('@shikijs/langs/markdown'))],
  ['mdx', withBackReferences(() => import('@shikijs/langs-precompiled/mdx'), () => import('@shikijs/langs/mdx'))],
  ['html', withBackReferences(() => import('@shikijs/langs-precompiled/html'), () => import('@shikijs/langs/html'))],
  ['css', precompiled(() => import('@shikijs/langs-precompiled/css'), () => import('@shikijs/langs/css'))],
  ['scss', precompiled(() => import('@shikijs/langs-precompiled/scss'), () => import('@shikijs/langs/scss'))],
  ['less', precompiled(() => import('@shikijs/langs-precompiled/less'), () => import('@shikijs/langs/less'))],
  ['sql', precompiled(() => import('@shikijs/langs-precompiled/sql'), () => import('@shikijs/langs/sql'))],
  ['xml', precompiled(() => import('@shikijs/langs-precompiled/xml'), () => import('@shikijs/langs/xml'))],
  ['lua', withBackReferences(() => import('@shikijs/langs-precompiled/lua'), () => import('@shikijs/langs/lua'))],
]);
