import type { FullResultOutline, FullResultPage } from '@toolcards/protocol';

/** Where a capped search card reads its complete result: the session's read-only result route. */
export interface FullResultSource {
  outline(): Promise<FullResultOutline>;
  /** A grep file's matches (`file`, 0-based in the outline), or a glob's paths. */
  page(query: { file?: number; offset: number; limit: number }): Promise<FullResultPage>;
}

/** Items asked for at a time: a few screens of rows. */
export const FULL_RESULT_PAGE = 500;
