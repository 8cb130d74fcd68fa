import type { CallLocation } from '@toolcards/protocol';
import type { CardPreview } from '../frame/card-preview';
import { EditorActions } from '../frame/editor-actions';
import { PathLabel } from '../frame/path-label';
import { spokenName } from '../text/spoken-name';
import { useRovingFocus } from './use-roving-focus';

interface SearchPathsListProps {
  paths: readonly string[];
  openedKey: string | undefined;
  onOpen: (key: string, location: CallLocation) => void;
  /** The card's preview (decision 0016): the list is its clip box. */
  preview: CardPreview;
}

const pathKey = (index: number) => `p${index}`;

/** A flat list of found files; same keyboard model as the match groups. */
export function SearchPathsList({ paths, openedKey, onOpen, preview }: SearchPathsListProps) {
  const items = paths.map((_, index) => ({ key: pathKey(index) }));
  const roving = useRovingFocus(items, () => undefined);

  return (
    <ul className="tc-search__paths" ref={roving.containerRef} onFocus={roving.onFocus} onKeyDown={roving.onKeyDown} {...preview.boxProps}>
      {paths.map((path, index) => {
        const key = pathKey(index);
        return (
          <li key={index} className="tc-search__row">
            <button
              type="button"
              className="tc-search__path"
              data-roving-key={key}
              tabIndex={roving.tabIndexFor(key)}
              aria-current={openedKey === key ? 'true' : undefined}
              aria-label={`Open ${spokenName(path)}`}
              onClick={() => onOpen(key, { path })}
            >
              <PathLabel path={path} />
            </button>
            <EditorActions path={path} line={1} tabIndex={roving.tabIndexFor(key)} />
          </li>
        );
      })}
    </ul>
  );
}
