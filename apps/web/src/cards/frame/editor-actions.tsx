import { escapedText } from '../text/invisible-characters';
import { spokenName } from '../text/spoken-name';
import { CopyIcon, OpenInEditorIcon } from './action-icons';
import { CopyButton } from './copy-button';
import { useEditorTarget } from './editor-context';
import { editorLink, pathLineText } from './editor-link';
import './editor-actions.css';

interface EditorActionsProps {
  /** The path as the card shows it (relative to the session's folder, or absolute). */
  path: string;
  line: number;
  column?: number;
  /** Inside a roving-focus list: 0 on the active row only, so the list stays one tab stop plus its row's actions. */
  tabIndex?: number;
}

/**
 * "Open in editor" (a link to the editor's URL, when the app says which editor) and "Copy
 * path:line", icon-sized. Siblings of a row's own button, never inside it: a click on
 * them does not open the read the row opens.
 */
export function EditorActions({ path, line, column = 1, tabIndex }: EditorActionsProps) {
  const target = useEditorTarget();
  const link = target === null ? undefined : editorLink(target.editor, target.cwd, { path, line, column });
  const place = pathLineText(path, line);
  const spokenPlace = `${spokenName(path)}:${line}`;
  return (
    <span className="tc-editor-actions">
      {link !== undefined && (
        <a
          className="tc-icon-action"
          href={link.href}
          title={`Open ${escapedText(place)} in ${link.editorName}`}
          aria-label={`Open in editor — ${spokenPlace}`}
          tabIndex={tabIndex}
        >
          <OpenInEditorIcon />
        </a>
      )}
      <CopyButton text={() => place} label={`Copy path:line — ${spokenPlace}`} title={`Copy ${escapedText(place)}`} icon={<CopyIcon />} tabIndex={tabIndex} />
    </span>
  );
}
