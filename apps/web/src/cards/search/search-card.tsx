import type { CallLocation, SearchResultView } from '@toolcards/protocol';
import { ResultCard } from '../result-card';

interface SearchCardProps {
  view: SearchResultView;
  onOpenLocation?: (location: CallLocation) => void;
}

/**
 * The search card for either shape. It is ResultCard narrowed to search views, so the
 * switch on `shape` stays in ResultCard, the one place that picks a card.
 */
export function SearchCard({ view, onOpenLocation }: SearchCardProps) {
  return <ResultCard view={view} onOpenLocation={onOpenLocation} />;
}
