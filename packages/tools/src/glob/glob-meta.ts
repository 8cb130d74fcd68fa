import type { JsonValue, SearchMeta } from '@toolcards/protocol';
import { keepPrefixWithinBudget } from '../meta-budget';
import type { GlobRetention } from './glob-retain';

/** The paths card's persisted meta, from the same retention the model text used; trailing paths go past `metaMaxBytes`. */
export function globPresentationMeta(retention: GlobRetention, spillPath: string | undefined, metaMaxBytes: number): JsonValue {
  const build = (paths: readonly string[]): JsonValue => {
    const meta: SearchMeta = {
      shape: 'paths',
      paths: [...paths],
      truncated: retention.truncated || paths.length < retention.paths.length,
      total: retention.total,
      ...(spillPath === undefined ? {} : { spillPath }),
    };
    return meta as unknown as JsonValue;
  };
  return build(keepPrefixWithinBudget(retention.paths, build, metaMaxBytes));
}
