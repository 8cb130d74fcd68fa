import { createContext, useContext, type ReactNode } from 'react';
import type { Editor } from '@toolcards/protocol';

/** Where the cards' "Open in editor" links go: the server's editor and the folder a card's paths are relative to. */
export interface EditorTarget {
  editor: Editor;
  /** The session's folder (its header's cwd, else the server's workspace): absolute. */
  cwd: string;
}

// Null without a provider: cards then offer Copy path:line only (stories, tests, a page whose server has not answered yet).
const EditorContext = createContext<EditorTarget | null>(null);

export function EditorProvider({ target, children }: { target: EditorTarget | null; children: ReactNode }) {
  return <EditorContext.Provider value={target}>{children}</EditorContext.Provider>;
}

export function useEditorTarget(): EditorTarget | null {
  return useContext(EditorContext);
}
