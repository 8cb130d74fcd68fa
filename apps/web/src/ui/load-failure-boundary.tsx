import { Component, Suspense, type ReactNode } from 'react';

interface LoadFailureBoundaryProps {
  /** Shown instead of `children` once loading their code failed. */
  fallback: ReactNode;
  /** Shown while their code loads (nothing by default). */
  loading?: ReactNode;
  children: ReactNode;
}

/**
 * Around a part whose code loads on first use (`React.lazy`): `loading` while it comes, and if
 * its chunk cannot be fetched — the server was stopped or updated since the page loaded — the
 * part shows `fallback` and the rest of the page goes on; without a boundary React would
 * unmount the whole app.
 */
export class LoadFailureBoundary extends Component<LoadFailureBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (this.state.failed) return this.props.fallback;
    return <Suspense fallback={this.props.loading ?? null}>{this.props.children}</Suspense>;
  }
}

/** The fallback of a part that could not load: what failed, and what to do. */
export function LoadFailure({ what }: { what: string }) {
  return (
    <p className="load-failure" role="alert">
      Could not load {what}: reload the page to try again.
    </p>
  );
}
