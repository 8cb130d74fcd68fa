import type { LanguageRegistration } from '@shikijs/types';

/** vscode-textmate's own test for an end/while pattern that refers to its begin's captures. */
const BACK_REFERENCE = /\\(\d+)/;

/** The patterns vscode-textmate rewrites per match, with the text its begin pattern captured. */
const DYNAMIC_KEYS = ['end', 'while'] as const;

/**
 * A precompiled grammar with its back-referencing end/while patterns put back. vscode-textmate
 * fills `\1` in an end (or while) pattern with what the rule's begin captured, line by line —
 * which it can do only with a pattern's source text. The precompiled grammars compiled those
 * references to a never-matching `(?!)` instead, so Python docstrings, Markdown code fences
 * and emphasis, heredocs, Rust raw strings… never ended. Each such pattern is taken from the
 * plain grammar (the same rules, same order); the JavaScript engine converts it when used.
 * Everything else stays precompiled. Pure: returns copies where something changed.
 */
export function withBackReferences(precompiled: readonly LanguageRegistration[], plain: readonly LanguageRegistration[]): LanguageRegistration[] {
  const plainByName = new Map(plain.map((grammar) => [grammar.name, grammar]));
  return precompiled.map((grammar) => {
    const source = plainByName.get(grammar.name);
    return source ? (restore(grammar, source) as LanguageRegistration) : grammar;
  });
}

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !(value instanceof RegExp);
}

/** `target` with the back-referencing patterns of `source` (the same rule in the plain grammar), copied only where one was put back. */
function restore(target: unknown, source: unknown): unknown {
  if (!isNode(target) || !isNode(source)) return target;
  // Rules that do not line up (another grammar version) are left as they are.
  if (typeof source.name === 'string' && target.name !== source.name) return target;
  let copy: Node | unknown[] | undefined;
  const set = (key: string | number, value: unknown) => {
    copy ??= Array.isArray(target) ? [...target] : { ...target };
    (copy as Node)[key] = value;
  };
  if (!Array.isArray(target)) {
    for (const key of DYNAMIC_KEYS) {
      const pattern = source[key];
      if (typeof pattern === 'string' && BACK_REFERENCE.test(pattern) && key in target) set(key, pattern);
    }
  }
  for (const key of Object.keys(target)) {
    const child = target[key];
    if (!isNode(child)) continue;
    const restored = restore(child, source[key]);
    if (restored !== child) set(key, restored);
  }
  return copy ?? target;
}
