import type { ReadFreshnessState } from '@toolcards/protocol';
import type { FileSource } from '../../net/file-source';
import { useWatchedFileAnswer } from '../frame/use-watched-file-answer';

/**
 * How the file behind a read card compares with what the agent read: asked when the card
 * is shown, and again each time the server says the file changed. Undefined until known,
 * and when it cannot be known (no source, another workspace's session, the request failed):
 * then the card simply shows no badge.
 */
export function useReadFreshness(source: FileSource | undefined, path: string): ReadFreshnessState | undefined {
  return useWatchedFileAnswer(source, path, askFreshness);
}

const askFreshness = (source: FileSource) => source.freshness();
