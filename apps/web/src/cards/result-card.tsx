import type { ReactNode } from 'react';
import type { CallLocation, ToolResultView } from '@toolcards/protocol';
import { LoadFailureBoundary } from '../ui/load-failure-boundary';
import { fetchedWithPage } from '../ui/fetched-with-page';
import { GenericCard } from './generic/generic-card';
import type { ReadNextRequest } from './read/read-card';
import type { FullResultSource } from '../net/full-result-source';
import type { FileSource } from '../net/file-source';
import { diffPlainText, matchesPlainText, pathsPlainText, planPlainText, readPlainText, terminalPlainText } from './view-plain-text';

// Every card but the generic one is out of the entry chunk (initial JS <= 150 kB gzip) and
// fetched as the page starts; a session's frames are applied once they are in (`cardChunksReady`,
// see browser-client.ts), so a result is drawn whole at once, never as a stand-in that grows
// under a timeline following its end (decision 0023).
const { Component: TerminalCard, ready: terminalReady } = fetchedWithPage(import('./terminal/terminal-card'), (module) => module.TerminalCard);
const { Component: DiffCard, ready: diffReady } = fetchedWithPage(import('./diff/diff-card'), (module) => module.DiffCard);
const { Component: PlanCard, ready: planReady } = fetchedWithPage(import('./plan/plan-card'), (module) => module.PlanCard);
const { Component: ReadCard, ready: readReady } = fetchedWithPage(import('./read/read-card'), (module) => module.ReadCard);
// One chunk for both search cards (an `import()` of the same module is the same fetch).
const { Component: SearchMatchesCard, ready: searchReady } = fetchedWithPage(import('./search/search-cards'), (module) => module.SearchMatchesCard);
const { Component: SearchPathsCard } = fetchedWithPage(import('./search/search-cards'), (module) => module.SearchPathsCard);
/** Settles once every card fetched with the page is in (a session's frames wait for it; tests render cards synchronously after it). */
export const cardChunksReady: Promise<void> = Promise.all([terminalReady, diffReady, planReady, readReady, searchReady]).then(() => undefined);

/**
 * What the shell (the timeline's row) gives a result card: where to go from it and the live
 * sources it reads. Each card takes the part it uses; absent, the card offers no such action.
 */
export interface CardShell {
  /** Read card: the line to mark and scroll to. */
  targetLine?: number;
  /** A match, a found path or a spill locator was activated: the shell asks for a read there. */
  onOpenLocation?: (location: CallLocation) => void;
  /** A read card's "Next N lines": the shell runs that read. */
  onReadNext?: (request: ReadNextRequest) => void;
  /** A read card's "Read again": a new, logged read of its window. */
  onReadAgain?: (request: ReadNextRequest) => void;
  /** A capped search's complete result, for the card to show in place. */
  fullResult?: FullResultSource;
  /** Files as they are now: a read card grows in place and tells a stale read; a match shows its context. */
  fileSource?: FileSource;
  /** A search card's group to open (a find hit is in it). */
  focusGroup?: { file: number };
}

export interface ResultCardProps {
  view: ToolResultView;
  isError?: boolean;
  /** An error's code, shown as a badge on the error card. */
  errorCode?: string;
  shell?: CardShell;
}

const NO_SHELL: CardShell = {};

/**
 * THE switch from a result view to its card — the only place the client branches on
 * `card` (and, for search, on `shape`); never on a tool's name. The `never` defaults make a
 * new member of the protocol union a compile error here until it has a card.
 */
export function ResultCard({ view, isError = false, errorCode, shell = NO_SHELL }: ResultCardProps) {
  const { targetLine, onOpenLocation, onReadNext, onReadAgain, fullResult, fileSource, focusGroup } = shell;
  switch (view.card) {
    case 'generic':
      return <GenericCard view={view} isError={isError} errorCode={errorCode} />;
    case 'read':
      return (
        <LazyCard title={view.title ?? view.path} text={() => readPlainText(view)}>
          <ReadCard view={view} targetLine={targetLine} onReadNext={onReadNext} fileSource={fileSource} onReadAgain={onReadAgain} />
        </LazyCard>
      );
    case 'search':
      switch (view.shape) {
        case 'matches':
          return (
            <LazyCard title={view.title ?? 'Search'} text={() => matchesPlainText(view)}>
              <SearchMatchesCard view={view} onOpenLocation={onOpenLocation} fullResult={fullResult} fileSource={fileSource} focusGroup={focusGroup} />
            </LazyCard>
          );
        case 'paths':
          return (
            <LazyCard title={view.title ?? 'Files'} text={() => pathsPlainText(view)}>
              <SearchPathsCard view={view} onOpenLocation={onOpenLocation} fullResult={fullResult} />
            </LazyCard>
          );
        default:
          return <UnsupportedCard view={view} />;
      }
    case 'terminal':
      return (
        <LazyCard title={view.title ?? view.command} text={() => terminalPlainText(view)}>
          <TerminalCard view={view} targetLine={targetLine} />
        </LazyCard>
      );
    case 'diff':
      return (
        <LazyCard title={view.title ?? 'Diff'} text={() => diffPlainText(view)}>
          <DiffCard view={view} onOpenLocation={onOpenLocation} fileSource={fileSource} />
        </LazyCard>
      );
    case 'plan':
      return (
        <LazyCard title={view.title ?? 'Plan'} text={() => planPlainText(view)}>
          <PlanCard view={view} />
        </LazyCard>
      );
    default:
      return <UnsupportedCard view={view} />;
  }
}

/**
 * A card whose code loads on first use: its title while the code comes, and if the chunk cannot
 * be fetched, the generic card with everything the card would have shown.
 */
function LazyCard({ title, text, children }: { title: string; text: () => string; children: ReactNode }) {
  return (
    <LoadFailureBoundary
      loading={<GenericCard view={{ card: 'generic', title }} emptyText="Loading…" />}
      fallback={<GenericCard view={{ card: 'generic', title, content: text() }} />}
    >
      {children}
    </LoadFailureBoundary>
  );
}

/** Unreachable for a validated view; an unvalidated one still gets a card, not a crash. */
function UnsupportedCard({ view }: { view: never }) {
  return <GenericCard view={{ card: 'generic', title: 'Unsupported result', content: describe(view) }} />;
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
