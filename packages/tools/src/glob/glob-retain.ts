/** The outcome of the one retention pass: the model text and the meta both read it. */
export interface GlobRetention {
  paths: string[];
  /** Every path found, before the cap. */
  total: number;
  truncated: boolean;
}

export function retainGlobPaths(paths: readonly string[], total: number, maxResults: number): GlobRetention {
  const kept = paths.slice(0, Math.max(0, maxResults));
  const counted = Math.max(total, kept.length);
  return { paths: kept, total: counted, truncated: counted > kept.length };
}
