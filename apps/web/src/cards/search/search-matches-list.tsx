import { memo, useId } from 'react';
import type { CallLocation, SearchFileMatches, SearchLineMatch } from '@toolcards/protocol';
import { countText } from '../frame/count-text';
import { PathLabel } from '../frame/path-label';
import { spokenName } from '../text/spoken-name';
import { clipLine } from './clip-line';
import { MarkedText } from './marked-text';
import { matchLabel } from './match-label';
import type { RovingItem } from './roving-focus';
import { useRovingFocus } from './use-roving-focus';

/** Preview budget of a match row; the match stays in view, the rest of the line is cut. */
const PREVIEW_CHARS = 160;

interface SearchMatchesListProps {
  files: readonly SearchFileMatches[];
  expanded: readonly boolean[];
  onExpand: (group: number, expand: boolean) => void;
  openedKey: string | undefined;
  onOpen: (key: string, location: CallLocation) => void;
}

const groupKey = (group: number) => `g${group}`;
const matchKey = (group: number, match: number) => `g${group}m${match}`;

/** Per-file groups of match rows, one tab stop for the whole list (arrows move it). */
export function SearchMatchesList({ files, expanded, onExpand, openedKey, onOpen }: SearchMatchesListProps) {
  const id = useId();
  const items: RovingItem[] = files.flatMap((file, group) => [
    { key: groupKey(group), expanded: expanded[group] === true },
    ...(expanded[group] ? file.matches.map((_, match) => ({ key: matchKey(group, match), parentKey: groupKey(group) })) : []),
  ]);
  const roving = useRovingFocus(items, (key, expand) => onExpand(Number(key.slice(1)), expand));

  return (
    <ul className="tc-search__groups" ref={roving.containerRef} onFocus={roving.onFocus} onKeyDown={roving.onKeyDown}>
      {files.map((file, group) => {
        const isOpen = expanded[group] === true;
        const listId = `${id}-${group}`;
        return (
          <li key={group} className="tc-search__group">
            <button
              type="button"
              className="tc-search__group-header"
              data-roving-key={groupKey(group)}
              tabIndex={roving.tabIndexFor(groupKey(group))}
              aria-expanded={isOpen}
              aria-controls={isOpen ? listId : undefined}
              aria-label={`${spokenName(file.path)}, ${countText(file.matches.length, 'match', 'matches')}`}
              onClick={() => onExpand(group, !isOpen)}
            >
              <span className="tc-search__chevron" aria-hidden="true" />
              <PathLabel path={file.path} />
              <span className="tc-badge">{file.matches.length}</span>
            </button>
            {isOpen && (
              <ul id={listId} className="tc-search__matches">
                {file.matches.map((match, index) => {
                  const key = matchKey(group, index);
                  return (
                    <li key={index}>
                      <SearchMatchRow
                        rovingKey={key}
                        path={file.path}
                        match={match}
                        tabIndex={roving.tabIndexFor(key)}
                        opened={openedKey === key}
                        onOpen={onOpen}
                      />
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

interface SearchMatchRowProps {
  rovingKey: string;
  path: string;
  match: SearchLineMatch;
  tabIndex: number;
  opened: boolean;
  onOpen: (key: string, location: CallLocation) => void;
}

const SearchMatchRow = memo(function SearchMatchRow({ rovingKey, path, match, tabIndex, opened, onOpen }: SearchMatchRowProps) {
  const clipped = clipLine(match.line, match.ranges, PREVIEW_CHARS);
  return (
    <button
      type="button"
      className="tc-search__match"
      data-roving-key={rovingKey}
      tabIndex={tabIndex}
      aria-current={opened ? 'true' : undefined}
      aria-label={matchLabel(path, match.lineNumber, clipped.text)}
      onClick={() => onOpen(rovingKey, { path, line: match.lineNumber })}
    >
      <span className="tc-search__line-number" aria-hidden="true">
        {match.lineNumber}
      </span>
      <span className="tc-search__line-text">
        <MarkedText text={clipped.text} ranges={clipped.ranges} />
      </span>
    </button>
  );
});
