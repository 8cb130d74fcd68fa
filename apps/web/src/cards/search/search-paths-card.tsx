import { useMemo, useState } from 'react';
import type { CallLocation, SearchPathsResultView } from '@toolcards/protocol';
import { CardFrame } from '../frame/card-frame';
import { CardTitle } from '../frame/card-title';
import { hasBidiControl } from '../text/invisible-characters';
import { pathsSummaryText } from './search-summary-text';
import { SearchPathsList } from './search-paths-list';
import { SearchSummary } from './search-summary';

interface SearchPathsCardProps {
  view: SearchPathsResultView;
  onOpenLocation?: (location: CallLocation) => void;
}

/** A file search: the paths found. */
export function SearchPathsCard({ view, onOpenLocation }: SearchPathsCardProps) {
  const [openedKey, setOpenedKey] = useState<string>();
  const title = view.title ?? 'Files';
  const hasBidiControls = useMemo(() => hasBidiControl(title) || view.paths.some(hasBidiControl), [title, view.paths]);

  return (
    <CardFrame
      variant="search"
      label={title}
      heading={<CardTitle title={title} />}
      hasBidiControls={hasBidiControls}
    >
      <SearchSummary
        text={pathsSummaryText(view)}
        truncated={view.truncated}
        empty={view.paths.length === 0}
        spillPath={view.spillPath}
        onOpenLocation={onOpenLocation}
      />
      {view.paths.length > 0 && (
        <SearchPathsList
          paths={view.paths}
          openedKey={openedKey}
          onOpen={(key, location) => {
            setOpenedKey(key);
            onOpenLocation?.(location);
          }}
        />
      )}
    </CardFrame>
  );
}
