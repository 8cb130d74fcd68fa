import { lazy, useCallback, useEffect, useMemo, useState } from 'react';
import type { CallLocation, SearchMatchesResultView } from '@toolcards/protocol';
import { CardFrame } from '../frame/card-frame';
import { CardTitle } from '../frame/card-title';
import { hasBidiControl } from '../text/invisible-characters';
import { initiallyExpandedGroups } from './initial-expansion';
import { fullSummaryText, matchesSummaryText } from './search-summary-text';
import { SearchMatchesList } from './search-matches-list';
import { SearchSummary } from './search-summary';
import { FullListBoundary, FullOutlineStatus } from './full-outline-status';
import type { FullResultSource } from '../../net/full-result-source';
import type { FileSource } from '../../net/file-source';
import { useFullResultSwitch } from './use-full-result-switch';

// The complete result's list loads on the first "Show all", with its outline (initial JS ≤ 150 kB gzip).
const loadFullMatchesList = () => import('./full-matches-list');
const FullMatchesList = lazy(() => loadFullMatchesList().then((module) => ({ default: module.FullMatchesList })));

interface SearchMatchesCardProps {
  view: SearchMatchesResultView;
  onOpenLocation?: (location: CallLocation) => void;
  /** Where the complete result of a capped search is read from (absent: the spill opens as text). */
  fullResult?: FullResultSource;
  /** Files as they are now: a match can show its context. */
  fileSource?: FileSource;
  /** Open this group (a find hit is in it); a new object each time it is asked. */
  focusGroup?: { file: number };
}

/** A content search: matches grouped by file. */
export function SearchMatchesCard({ view, onOpenLocation, fullResult, fileSource, focusGroup }: SearchMatchesCardProps) {
  const [expanded, setExpanded] = useState(() => initiallyExpandedGroups(view.files));
  const [openedKey, setOpenedKey] = useState<string>();
  const { showFull, full, toggle } = useFullResultSwitch(fullResult, view.total, loadFullMatchesList);
  // The preview stays until the complete list can take its place: the card never shrinks under the person while it loads.
  const fullShown = showFull && full.state === 'ready';
  const title = view.title ?? 'Search';
  const hasBidiControls = useMemo(
    () => hasBidiControl(title) || view.files.some((file) => hasBidiControl(file.path) || file.matches.some((match) => hasBidiControl(match.line))),
    [title, view.files],
  );
  const setGroup = useCallback(
    (group: number, open: boolean) => setExpanded((current) => current.map((value, index) => (index === group ? open : value))),
    [],
  );
  useEffect(() => {
    if (focusGroup) setGroup(focusGroup.file, true);
  }, [focusGroup, setGroup]);
  // Stable, so the list's memoized rows do not re-render when the card does.
  const openMatch = useCallback(
    (key: string, location: CallLocation) => {
      setOpenedKey(key);
      onOpenLocation?.(location);
    },
    [onOpenLocation],
  );

  return (
    <CardFrame
      variant="search"
      label={title}
      heading={<CardTitle title={title} />}
      hasBidiControls={hasBidiControls}
      actions={
        view.files.length > 1 && !showFull ? (
          <>
            <button type="button" className="tc-card__action" onClick={() => setExpanded(view.files.map(() => true))}>
              Expand all
            </button>
            <button type="button" className="tc-card__action" onClick={() => setExpanded(view.files.map(() => false))}>
              Collapse all
            </button>
          </>
        ) : undefined
      }
    >
      <SearchSummary
        text={full.state === 'ready' ? fullSummaryText(full.outline) : matchesSummaryText(view)}
        truncated={view.truncated}
        empty={view.files.length === 0}
        spillPath={view.spillPath}
        onOpenLocation={onOpenLocation}
        full={toggle}
      />
      <FullOutlineStatus state={full} />
      {full.state === 'ready' && full.outline.shape === 'matches' && (
        <FullListBoundary>
          <FullMatchesList outline={full.outline} source={fullResult!} onOpenLocation={onOpenLocation} />
        </FullListBoundary>
      )}
      {!fullShown && view.files.length > 0 && (
        <SearchMatchesList
          files={view.files}
          expanded={expanded}
          onExpand={setGroup}
          openedKey={openedKey}
          onOpen={openMatch}
          fileSource={fileSource}
          focusGroup={focusGroup}
        />
      )}
    </CardFrame>
  );
}
