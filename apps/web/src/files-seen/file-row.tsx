import { memo, useMemo, useRef } from 'react';
import type { FileCard, FileSeen } from '@toolcards/protocol';
import { PathLabel } from '../cards/frame/path-label';
import { coverageText, globText } from '../cards/read/coverage-text';
import type { FileSource } from '../net/file-source';
import { StaleBadge } from '../cards/read/stale-badge';
import { useReadFreshness } from '../cards/read/use-read-freshness';
import { FileCardsList } from './file-cards-list';
import { grepHitsWords } from './file-row-text';
import { useSeenOnScreen } from './use-on-screen';

interface FileRowProps {
  file: FileSeen;
  index: number;
  selected: boolean;
  onToggle(path: string): void;
  loadCards(path: string): Promise<FileCard[]>;
  onOpenCard(card: FileCard): void;
  /** The freshness of a read (by its call): asked for the file's latest read once the row is on screen. */
  freshnessOf?: (callId: string) => FileSource | undefined;
}

/** One file: path, what was seen of it, whether its latest read went stale; selected, its cards. */
export const FileRow = memo(function FileRow({ file, index, selected, onToggle, loadCards, onOpenCard, freshnessOf }: FileRowProps) {
  const row = useRef<HTMLLIElement>(null);
  const onScreen = useSeenOnScreen(row);
  const latestRead = file.read?.latestCallId;
  const source = useMemo(() => (onScreen && latestRead !== undefined ? freshnessOf?.(latestRead) : undefined), [onScreen, latestRead, freshnessOf]);
  const freshness = useReadFreshness(source, file.path);
  const cardsId = `files-panel-cards-${index}`;
  const grep = file.grep ? grepHitsWords(file.grep) : undefined;
  const glob = file.glob ? globText(file.glob.listings) : undefined;

  return (
    <li ref={row} className="files-panel__file">
      <button
        type="button"
        className="files-panel__file-button"
        aria-expanded={selected}
        aria-controls={selected ? cardsId : undefined}
        onClick={() => onToggle(file.path)}
      >
        <span className="files-panel__path">
          <PathLabel path={file.path} />
        </span>
        <span className="files-panel__coverage">{file.read ? coverageText(file.read) : 'not read'}</span>
        {(grep !== undefined || glob !== undefined || (freshness !== undefined && freshness !== 'unchanged')) && (
          <span className="files-panel__extra">
            {(grep !== undefined || glob !== undefined) && (
              <span>
                {grep !== undefined && <span title={grep.title}>{grep.text}</span>}
                {grep !== undefined && glob !== undefined && ' · '}
                {glob}
              </span>
            )}
            {freshness !== undefined && freshness !== 'unchanged' && <StaleBadge state={freshness} />}
          </span>
        )}
      </button>
      {selected && <FileCardsList id={cardsId} path={file.path} cardCount={file.cardCount} loadCards={loadCards} onOpenCard={onOpenCard} />}
    </li>
  );
});
