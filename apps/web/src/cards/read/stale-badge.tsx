import type { ReadFreshnessState } from '@toolcards/protocol';

/** A read whose file is no longer as the agent saw it. */
export type StaleState = Exclude<ReadFreshnessState, 'unchanged'>;

const BADGE_TEXT: Record<StaleState, string> = {
  'changed-inside': 'changed since read',
  'changed-outside': 'changed since read (not these lines)',
  deleted: 'deleted since read',
};

const BADGE_TITLE: Record<StaleState, string> = {
  'changed-inside': 'The file changed on disk after the agent read it, and these lines are different now.',
  'changed-outside': 'The file changed on disk after the agent read it, elsewhere: these lines are still the same.',
  deleted: 'The file was deleted after the agent read it.',
};

/** The header badge of a read whose file changed on disk after the read. */
export function StaleBadge({ state }: { state: StaleState }) {
  return (
    <span className={state === 'deleted' ? 'tc-read__stale is-deleted' : 'tc-read__stale'} title={BADGE_TITLE[state]}>
      {BADGE_TEXT[state]}
    </span>
  );
}
