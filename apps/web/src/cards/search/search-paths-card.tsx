import { useMemo, useState } from 'react';
import type { CallLocation, SearchPathsResultView } from '@toolcards/protocol';
import { CardFrame } from '../frame/card-frame';
import { CardTitle } from '../frame/card-title';
import { hasBidiControl } from '../text/invisible-characters';
import { fullSummaryText, pathsSummaryText } from './search-summary-text';
import { SearchPathsList } from './search-paths-list';
import { SearchSummary } from './search-summary';
import { FullOutlineStatus } from './full-outline-status';
import { FullPathsList } from './full-paths-list';
import type { FullResultSource } from './full-result-source';
import { useFullResult } from './use-full-outline';

interface SearchPathsCardProps {
  view: SearchPathsResultView;
  onOpenLocation?: (location: CallLocation) => void;
  /** Where the complete result of a capped search is read from (absent: the spill opens as text). */
  fullResult?: FullResultSource;
}

/** A file search: the paths found. */
export function SearchPathsCard({ view, onOpenLocation, fullResult }: SearchPathsCardProps) {
  const [openedKey, setOpenedKey] = useState<string>();
  const { showFull, full, toggle } = useFullResult(fullResult, view.total);
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
        text={full.state === 'ready' ? fullSummaryText(full.outline) : pathsSummaryText(view)}
        truncated={view.truncated}
        empty={view.paths.length === 0}
        spillPath={view.spillPath}
        onOpenLocation={onOpenLocation}
        full={toggle}
      />
      <FullOutlineStatus state={full} />
      {full.state === 'ready' && full.outline.shape === 'paths' && <FullPathsList total={full.outline.total} source={fullResult!} onOpenLocation={onOpenLocation} />}
      {!showFull && view.paths.length > 0 && (
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
