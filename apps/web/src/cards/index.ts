/** The cards of the web client: what the shell renders for tool calls and results. */
export { ResultCard, cardChunksReady, type CardShell, type ResultCardProps } from './result-card';
export { CallCard, type CallCardProps, type CallCardState } from './call-card';
export { viewForCall, viewForResult, type ResultForView } from './view-for-result';
export { GenericCard } from './generic/generic-card';
export type { ReadNextRequest } from './read/read-card';
export type { FullResultSource } from '../net/full-result-source';
/** Where the cards' "Open in editor" links go; without it cards offer Copy path:line only. */
export { EditorProvider, type EditorTarget } from './frame/editor-context';
export type { FileSource } from '../net/file-source';
/** Warm the highlight worker for a language when idle (e.g. the app's likely languages at startup). */
export { warmHighlight } from '../highlight/highlight-client';
/** Text with invisible, control and bidi characters shown as chips, for other surfaces that show file names or tool text. */
export { VisibleText } from './text/visible-text';
export { MixedScriptMarker } from './text/mixed-script-marker';
export { escapedText, hasBidiControl } from './text/invisible-characters';
/** The plan card before a plan card in its session ("what changed since"); the timeline provides it. */
export { PreviousPlanContext } from './plan/previous-plan-context';
