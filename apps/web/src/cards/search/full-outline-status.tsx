import type { ReactNode } from 'react';
import { LoadFailure, LoadFailureBoundary } from '../../ui/load-failure-boundary';
import { VisibleText } from '../text/visible-text';
import type { FullOutlineState } from './use-full-outline';

/** While the complete result is fetched, or why it could not be. */
export function FullOutlineStatus({ state }: { state: FullOutlineState }) {
  if (state.state === 'loading') return <p className="tc-search__full-status" role="status">Loading the complete result…</p>;
  if (state.state === 'failed') return <p className="tc-search__full-status tc-search__full-status--error" role="alert">Could not load the complete result: <VisibleText text={state.message} /></p>;
  return null;
}

/** Around the complete result's list, whose code loads on first use: the same status while it comes. */
export function FullListBoundary({ children }: { children: ReactNode }) {
  return (
    <LoadFailureBoundary loading={<FullOutlineStatus state={{ state: 'loading' }} />} fallback={<LoadFailure what="the complete result" />}>
      {children}
    </LoadFailureBoundary>
  );
}
