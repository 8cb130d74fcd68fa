/** At the latest this long after the page's start, even on a page that never idles. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * At the page's first idle moment, rehearses a read card (read-card-rehearsal.tsx, loaded
 * then: its lines and renderer stay out of the initial JS). Skipped when `skip()` says the
 * user's command is already under way: its own card then pays, and a rehearsal would only
 * stand in its way.
 */
export function rehearseReadCardWhenIdle(skip: () => boolean): void {
  const run = () => {
    if (skip()) return;
    void import('./read-card-rehearsal').then((module) => {
      if (!skip()) module.rehearseReadCard();
    });
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 200);
}
