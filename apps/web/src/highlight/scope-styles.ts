import { Theme } from 'shiki/textmate';
import type { ThemeRegistrationResolved } from '@shikijs/types';

/** A token's look in both themes: what a HighlightedToken carries besides its text. */
export interface TokenStyle {
  light?: string;
  dark?: string;
  italic?: true;
  underline?: true;
}

/** vscode-textmate's FontStyle bits (a const enum there, which isolated modules cannot read). */
const FONT_STYLE_NOT_SET = -1;
const ITALIC = 1;
const UNDERLINE = 4;

/** What Theme.match reads of a scope path: its innermost scope and the path around it. */
type ScopePath = NonNullable<Parameters<Theme['match']>[0]>;

/** A theme's colour and font style at one scope path, inherited level by level as vscode-textmate does. */
interface Resolved {
  foreground: string | undefined;
  fontStyle: number;
}

/** One theme as vscode-textmate resolves scopes against it, with Shiki's colour replacements. */
class ThemeResolver {
  private readonly theme: Theme;
  private readonly colors: string[];
  private readonly replacements: Record<string, string>;
  readonly defaults: Resolved;

  constructor(registration: ThemeRegistrationResolved) {
    this.theme = Theme.createFromRawTheme(registration);
    this.colors = this.theme.getColorMap();
    this.replacements = registration.colorReplacements ?? {};
    const defaults = this.theme.getDefaults();
    this.defaults = { foreground: this.color(defaults.foregroundId), fontStyle: defaults.fontStyle };
  }

  /**
   * The look at `path`, given the look of its parent path: a rule matching the whole path
   * overrides what it sets, and the rest is inherited (AttributedScopeStack.mergeAttributes).
   */
  resolve(path: ScopePath, parent: Resolved): Resolved {
    const match = this.theme.match(path);
    if (!match) return parent;
    return {
      foreground: match.foregroundId !== 0 ? this.color(match.foregroundId) : parent.foreground,
      fontStyle: match.fontStyle !== FONT_STYLE_NOT_SET ? match.fontStyle : parent.fontStyle,
    };
  }

  private color(id: number): string | undefined {
    const color = this.colors[id];
    return color === undefined ? undefined : (this.replacements[color.toLowerCase()] ?? color);
  }
}

/** A node of the scope-stack trie: one distinct stack, resolved once for both themes. */
interface ScopeNode {
  path: ScopePath | null;
  light: Resolved;
  dark: Resolved;
  style: TokenStyle;
  children: Map<string, ScopeNode>;
}

/**
 * Resolves a token's scope stack (root scope first, as the grammar's tokenizeLine gives it)
 * against the light and the dark theme at once, so one grammar pass colours both. Each
 * distinct stack is resolved once, level by level, and kept in a trie keyed by scope name:
 * the colours are those Shiki gets from tokenizing once per theme (its grammar merges the
 * same theme matches into each token's metadata). Italic and underline come from the light
 * theme, as Shiki's dual-theme `--shiki-light-*` styles the cards read did.
 */
export class ScopeStyles {
  private readonly lightTheme: ThemeResolver;
  private readonly darkTheme: ThemeResolver;
  private readonly root: ScopeNode;

  constructor(light: ThemeRegistrationResolved, dark: ThemeRegistrationResolved) {
    this.lightTheme = new ThemeResolver(light);
    this.darkTheme = new ThemeResolver(dark);
    const [lightDefaults, darkDefaults] = [this.lightTheme.defaults, this.darkTheme.defaults];
    this.root = { path: null, light: lightDefaults, dark: darkDefaults, style: tokenStyle(lightDefaults, darkDefaults), children: new Map() };
  }

  styleOf(scopes: readonly string[]): TokenStyle {
    let node = this.root;
    for (const scope of scopes) node = node.children.get(scope) ?? this.child(node, scope);
    return node.style;
  }

  private child(parent: ScopeNode, scopeName: string): ScopeNode {
    // Theme.match reads only `scopeName` and `parent`; vscode-textmate does not export its ScopeStack class.
    const path = { parent: parent.path, scopeName } as unknown as ScopePath;
    const light = this.lightTheme.resolve(path, parent.light);
    const dark = this.darkTheme.resolve(path, parent.dark);
    const node: ScopeNode = { path, light, dark, style: tokenStyle(light, dark), children: new Map() };
    parent.children.set(scopeName, node);
    return node;
  }
}

/** Bold is dropped on purpose: a heavier weight can widen a glyph, and colour must not move text. */
function tokenStyle(light: Resolved, dark: Resolved): TokenStyle {
  const style: TokenStyle = {};
  if (light.foreground) style.light = light.foreground;
  if (dark.foreground) style.dark = dark.foreground;
  if (light.fontStyle > 0 && light.fontStyle & ITALIC) style.italic = true;
  if (light.fontStyle > 0 && light.fontStyle & UNDERLINE) style.underline = true;
  return style;
}
