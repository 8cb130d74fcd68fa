import type { EditorTarget } from '../cards/frame/editor-context';

/**
 * Where the gallery's cards link to (the Storybook decorator provides it): VS Code, on a
 * folder whose name needs encoding in a URL, so the gallery shows that it is.
 */
export const STORY_EDITOR_TARGET: EditorTarget = { editor: 'vscode', cwd: '/home/dev/my project' };
