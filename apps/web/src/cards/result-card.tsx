import type { ReactNode } from 'react';
import type { CallLocation, ToolResultView } from '@toolcards/protocol';
import { LoadFailureBoundary } from '../ui/load-failure-boundary';
import { fetchedWithPage } from '../ui/fetched-with-page';
import { GenericCard } from './generic/generic-card';
import { ReadCard, type ReadNextRequest } from './read/read-card';
import { SearchMatchesCard } from './search/search-matches-card';
import { SearchPathsCard } from './search/search-paths-card';
import type { FullResultSource } from '../net/full-result-source';
import type { FileSource } from '../net/file-source';
import { diffPlainText, planPlainText, terminalPlainText } from './view-plain-text';

// A coding agent's cards are out of the entry chunk (initial JS ≤ 150 kB gzip) but fetched as
// the page starts: drawn once their chunk is in, a live card arrives whole, with no stand-in
// that grows under a timeline following its end.
const terminalCard = fetchedWithPage(import('./terminal/terminal-card'), (module) => module.TerminalCard);
const diffCard = fetchedWithPage(import('./diff/diff-card'), (module) => module.DiffCard);
const planCard = fetchedWithPage(import('./plan/plan-card'), (module) => module.PlanCard);
const TerminalCard = terminalCard.Component;
const DiffCard = diffCard.Component;
const PlanCard = planCard.Component;
// Read, glob and grep stay in the entry: drawn at once whenever their result comes. Fetched
// beside it, a result arriving before the chunk showed a short stand-in that then grew under
// a timeline following its end, and the end's follow could slip (decision 0023).
/** Settles once the cards fetched with the page are in (tests render them synchronously after it). */
export const cardChunksReady: Promise<void> = Promise.all([terminalCard.ready, diffCard.ready, planCard.ready]).then(() => undefined);

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
        <ReadCard view={view} targetLine={targetLine} onReadNext={onReadNext} fileSource={fileSource} onReadAgain={onReadAgain} />
      );
    case 'search':
      switch (view.shape) {
        case 'matches':
          return (
            <SearchMatchesCard view={view} onOpenLocation={onOpenLocation} fullResult={fullResult} fileSource={fileSource} focusGroup={focusGroup} />
          );
        case 'paths':
          return (
            <SearchPathsCard view={view} onOpenLocation={onOpenLocation} fullResult={fullResult} />
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
