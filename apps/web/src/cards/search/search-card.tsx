import type { CallLocation, SearchResultView } from '@toolcards/protocol';
import { ResultCard } from '../result-card';
import type { FullResultSource } from '../../net/full-result-source';
import type { FileSource } from '../../net/file-source';

interface SearchCardProps {
  view: SearchResultView;
  onOpenLocation?: (location: CallLocation) => void;
  fullResult?: FullResultSource;
  fileSource?: FileSource;
}

/**
 * The search card for either shape. It is ResultCard narrowed to search views, so the
 * switch on `shape` stays in ResultCard, the one place that picks a card.
 */
export function SearchCard({ view, onOpenLocation, fullResult, fileSource }: SearchCardProps) {
  return <ResultCard view={view} onOpenLocation={onOpenLocation} fullResult={fullResult} fileSource={fileSource} />;
}
