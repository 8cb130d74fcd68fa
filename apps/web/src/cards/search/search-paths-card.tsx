import { lazy, useMemo, useState } from 'react';
import type { CallLocation, SearchPathsResultView } from '@toolcards/protocol';
import { CardFrame } from '../frame/card-frame';
import { PreviewToggle, useCardPreview } from '../frame/card-preview';
import { CardTitle } from '../frame/card-title';
import { hasBidiControl } from '../text/invisible-characters';
import { fullSummaryText, pathsSummaryText } from './search-summary-text';
import { SearchPathsList } from './search-paths-list';
import { SearchSummary } from './search-summary';
import { FullListBoundary, FullOutlineStatus } from './full-outline-status';
import type { FullResultSource } from '../../net/full-result-source';
import { useFullResultSwitch } from './use-full-result-switch';

// The complete result's list loads on the first "Show all", with its outline (initial JS ≤ 150 kB gzip).
const loadFullPathsList = () => import('./full-paths-list');
const FullPathsList = lazy(() => loadFullPathsList().then((module) => ({ default: module.FullPathsList })));

/** A path row's height (`.tc-search__path`: 13 px text, 2 px padding top and bottom, ~23 px). */
const PATH_ROW_PX = 23;
/** The list's preview: 24 rows (decision 0016). */
const PATHS_PREVIEW_PX = 24 * PATH_ROW_PX;

interface SearchPathsCardProps {
  view: SearchPathsResultView;
  onOpenLocation?: (location: CallLocation) => void;
  /** Where the complete result of a capped search is read from (absent: the spill opens as text). */
  fullResult?: FullResultSource;
}

/** A file search: the paths found. */
export function SearchPathsCard({ view, onOpenLocation, fullResult }: SearchPathsCardProps) {
  const [openedKey, setOpenedKey] = useState<string>();
  const { showFull, full, toggle } = useFullResultSwitch(fullResult, view.total, loadFullPathsList);
  // The preview stays until the complete list can take its place: the card never shrinks under the person while it loads.
  const fullShown = showFull && full.state === 'ready';
  const title = view.title ?? 'Files';
  const hasBidiControls = useMemo(() => hasBidiControl(title) || view.paths.some(hasBidiControl), [title, view.paths]);
  const preview = useCardPreview({ bodyHeight: view.paths.length * PATH_ROW_PX, previewHeight: PATHS_PREVIEW_PX, expandOnScroll: true });

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
      {full.state === 'ready' && full.outline.shape === 'paths' && (
        <FullListBoundary>
          <FullPathsList total={full.outline.total} source={fullResult!} onOpenLocation={onOpenLocation} />
        </FullListBoundary>
      )}
      {!fullShown && view.paths.length > 0 && (
        <>
          <SearchPathsList
            paths={view.paths}
            openedKey={openedKey}
            preview={preview}
            onOpen={(key, location) => {
              setOpenedKey(key);
              onOpenLocation?.(location);
            }}
          />
          <PreviewToggle preview={preview} count={view.paths.length} noun={['file', 'files']} />
        </>
      )}
    </CardFrame>
  );
}
