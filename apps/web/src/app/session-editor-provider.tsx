import { useMemo, type ReactNode } from 'react';
import { EditorProvider } from '../cards';
import { useSessionState } from '../store/client-context';
import { editorTargetOf } from './editor-target';

/** Gives the timeline's cards the server's editor and the open session's folder for their "Open in editor" links. */
export function SessionEditorProvider({ children }: { children: ReactNode }) {
  const editor = useSessionState((state) => state.server?.editor);
  const workspace = useSessionState((state) => state.server?.workspace);
  const cwd = useSessionState((state) => state.header?.cwd);
  // One object per change of these strings: the cards below re-render only when a link would change.
  const target = useMemo(
    () => editorTargetOf(editor === undefined || workspace === undefined ? null : { editor, workspace }, cwd === undefined ? null : { cwd }),
    [editor, workspace, cwd],
  );
  return <EditorProvider target={target}>{children}</EditorProvider>;
}
