import { useCallback, useMemo, useState } from 'react';
import type { FileCard, FileSeen } from '@toolcards/protocol';
import { countText, formatCount } from '../cards/frame/count-text';
import type { FileSource } from '../net/file-source';
import { FileRow } from './file-row';
import { filesInPanelOrder } from './file-row-text';
import type { FilesSeenStatus } from './files-seen-store';

/** Rows rendered at first, and added by each "Show more": a long session lists thousands of files. */
export const FILES_PAGE = 200;

export interface FilesPanelProps {
  /** Sorted by path. */
  files: readonly FileSeen[];
  /** `loaded`: `files` is the session's list (else it is still being asked for). */
  loaded: boolean;
  status: FilesSeenStatus;
  loadCards(path: string): Promise<FileCard[]>;
  onOpenCard(card: FileCard): void;
  freshnessOf?: (callId: string) => FileSource | undefined;
  onRetry?: () => void;
  onClose?: () => void;
}

/** Files whose path holds `filter` (any case), the files read first. Pure. */
export function filteredFiles(files: readonly FileSeen[], filter: string): readonly FileSeen[] {
  const needle = filter.trim().toLowerCase();
  return filesInPanelOrder(needle === '' ? files : files.filter((file) => file.path.toLowerCase().includes(needle)));
}

/**
 * Every file the session's cards showed — what of it was read, grep hits, glob listings,
 * whether its latest read went stale — and, for the file selected, its cards in order.
 */
export function FilesPanel({ files, loaded, status, loadCards, onOpenCard, freshnessOf, onRetry, onClose }: FilesPanelProps) {
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [shown, setShown] = useState(FILES_PAGE);
  const matching = useMemo(() => filteredFiles(files, filter), [files, filter]);
  const toggle = useCallback((path: string) => setSelected((current) => (current === path ? undefined : path)), []);
  const read = useMemo(() => files.reduce((count, file) => count + (file.read ? 1 : 0), 0), [files]);

  return (
    <section className="files-panel" aria-labelledby="files-panel-title">
      <div className="files-panel__top">
        <h2 id="files-panel-title" className="files-panel__title">
          Files
        </h2>
        {loaded && (
          <span className="files-panel__count">
            {countText(files.length, 'file', 'files')} · {formatCount(read)} read
          </span>
        )}
        {onClose && (
          <button type="button" className="files-panel__close" onClick={onClose} aria-label="Close files" title="Close (Escape)">
            ×
          </button>
        )}
      </div>
      {files.length > 0 && (
        <input
          type="search"
          className="files-panel__filter"
          placeholder="Filter files"
          aria-label="Filter files"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setShown(FILES_PAGE);
          }}
        />
      )}
      <FilesStatus status={status} loaded={loaded} empty={files.length === 0} onRetry={onRetry} />
      {filter !== '' && matching.length === 0 && <p className="files-panel__status">No file path holds “{filter}”.</p>}
      {matching.length > 0 && (
        <ul className="files-panel__list" aria-label="Files the session touched">
          {matching.slice(0, shown).map((file, index) => (
            <FileRow
              key={file.path}
              file={file}
              index={index}
              selected={selected === file.path}
              onToggle={toggle}
              loadCards={loadCards}
              onOpenCard={onOpenCard}
              freshnessOf={freshnessOf}
            />
          ))}
        </ul>
      )}
      {matching.length > shown && (
        <button type="button" className="files-panel__more" onClick={() => setShown((count) => count + FILES_PAGE)}>
          Show {formatCount(Math.min(FILES_PAGE, matching.length - shown))} more of {formatCount(matching.length - shown)}
        </button>
      )}
    </section>
  );
}

function FilesStatus({ status, loaded, empty, onRetry }: { status: FilesSeenStatus; loaded: boolean; empty: boolean; onRetry: (() => void) | undefined }) {
  switch (status.state) {
    case 'loading':
      return loaded ? null : (
        <p className="files-panel__status" role="status">
          Loading files…
        </p>
      );
    case 'failed':
      return (
        <p className="files-panel__status files-panel__status--error" role="alert">
          Could not list the files: {status.message}{' '}
          {onRetry && (
            <button type="button" className="files-panel__retry" onClick={onRetry}>
              Retry
            </button>
          )}
        </p>
      );
    case 'ready':
      return empty ? (
        <p className="files-panel__status" role="status">
          No files yet: what reads, greps and globs show is listed here.
        </p>
      ) : null;
  }
}
