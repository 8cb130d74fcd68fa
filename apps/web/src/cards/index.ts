/** The cards of the web client: what the shell renders for tool calls and results. */
export { ResultCard, type ResultCardProps } from './ResultCard';
export { CallCard, type CallCardProps, type CallCardState } from './CallCard';
export { viewForCall, viewForResult, type ResultForView } from './view-for-result';
export { GenericCard } from './generic/GenericCard';
export { ReadCard } from './read/ReadCard';
export { SearchCard } from './search/SearchCard';
/** Warm the highlight worker for a language when idle (e.g. the app's likely languages at startup). */
export { warmHighlight } from './read/highlight/highlight-client';
/** Text with invisible, control and bidi characters shown as chips, for other surfaces that show file names or tool text. */
export { VisibleText } from './text/VisibleText';
export { MixedScriptMarker } from './text/MixedScriptMarker';
export { escapedText, hasBidiControl } from './text/invisible-characters';
