import type { JsonValue, SearchFileMatches, SearchMeta } from '@toolcards/protocol';
import { keepPrefixWithinBudget, serializedBytes } from '../meta-budget';
import type { GrepRetention } from './grep-retain';

/**
 * The search card's persisted meta, from the same retention the model text
 * used. Bounded by `metaMaxBytes`: trailing file groups go first; if one group
 * alone is too big, its trailing matches go (one match always stays).
 */
export function grepPresentationMeta(retention: GrepRetention, spillPath: string | undefined, metaMaxBytes: number): JsonValue {
  const build = (files: readonly SearchFileMatches[]): JsonValue => {
    const kept = files.reduce((sum, file) => sum + file.matches.length, 0);
    const meta: SearchMeta = {
      shape: 'matches',
      files: [...files],
      truncated: retention.truncated || kept < retention.shown,
      total: retention.total,
      ...(spillPath === undefined ? {} : { spillPath }),
    };
    return meta as unknown as JsonValue;
  };

  const files = keepPrefixWithinBudget(retention.files, build, metaMaxBytes);
  const only = files[0];
  if (files.length === 1 && only !== undefined && serializedBytes(build(files)) > metaMaxBytes) {
    const matches = keepPrefixWithinBudget(only.matches, (kept) => build([{ path: only.path, matches: [...kept] }]), metaMaxBytes);
    return build([{ path: only.path, matches }]);
  }
  return build(files);
}
