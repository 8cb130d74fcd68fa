/**
 * What a match row needs of its context before the context's code has loaded (match-context.tsx
 * loads with the first "±3"): how many lines it shows, and the status while they come.
 */

/** Lines shown on each side of a match, as `grep -C 3` does. */
export const CONTEXT_LINES = 3;

export function ContextLoading({ id }: { id: string }) {
  return <div id={id} className="tc-search__context is-loading" role="status">Loading context…</div>;
}

export function ContextFailed({ id, message }: { id: string; message: string }) {
  return <div id={id} className="tc-search__context" role="alert">Could not show the context: {message}</div>;
}
