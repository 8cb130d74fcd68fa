import { VisibleText } from '../text/visible-text';
import type { FullOutlineState } from './use-full-outline';

/** While the complete result is fetched, or why it could not be. */
export function FullOutlineStatus({ state }: { state: FullOutlineState }) {
  if (state.state === 'loading') return <p className="tc-search__full-status" role="status">Loading the complete result…</p>;
  if (state.state === 'failed') return <p className="tc-search__full-status tc-search__full-status--error" role="alert">Could not load the complete result: <VisibleText text={state.message} /></p>;
  return null;
}
