import { homedir } from 'node:os';
import type { ExportFileHeader, ExportFinding, ExportItem, ExportPreview, JsonValue, SessionEvent } from '@toolcards/protocol';
import { clipTitle } from '@toolcards/session';
import { historyItem } from '../runtime/subscription/history-item';
import { ViewComputer, type EventView, type Presenters } from '../runtime/view-computation';
import { SERVER_VERSION } from '../package/server-version';
import { ExportError } from './export-error';
import { namesDotenvFile } from './masking/dotenv-values';
import { HOME_PATH_ID, MASK_ALL, type MaskSettings } from './masking/mask-settings';
import { maskedValue } from './masking/masked-value';
import { SecretFindings, type ScanResult } from './masking/secret-findings';
import { TextMasker } from './masking/text-masker';
import { ExportRange } from './export-range';
import { fileEventsOf, sessionEventsOf, type SessionEvents } from './session-events';
import { readWholeMessages } from './whole-messages';

/** An export before it is written (its header and item shapes are the file's: protocol's export-file.ts). */
export interface ExportDocument {
  header: ExportFileHeader;
  /** Read from the log as they are consumed (once): the session is never held whole. */
  items: AsyncIterable<ExportItem>;
}

export interface ExportOptions {
  dataDir: string;
  /** One of the two: a session of the data dir, or a file (a transcript, or a log in the data dir). */
  sessionId?: string;
  transcriptPath?: string;
  /** Seqs, inclusive. */
  from?: number;
  to?: number;
  mask: MaskSettings;
  /** The server exporting a session it holds the writer of: whether it is writing now (a tool running, a model turn). */
  busyHere?: boolean;
  /** Default: @toolcards/tools (the server's own presenters). */
  presenters?: Presenters;
}

/**
 * Opens a session for export: a first read finds the counts and the secrets (the header
 * needs both before the first card), the items are a second read, with the views computed
 * by the server's own ViewComputer and lean as history sends them, every string masked.
 * Both reads stop at the last seq the first one saw, so a session still being written
 * exports what was there when the export began.
 */
export async function openExportDocument(options: ExportOptions): Promise<ExportDocument> {
  const events = await eventsOf(options);
  const presenters = options.presenters ?? (await defaultPresenters());
  const range = rangeOf(options);
  const home = options.mask.homePath ?? homedir();
  const scan = await scanSession(events, presenters, range, { ...options.mask, homePath: home });
  const masker = new TextMasker(scan.secrets.literals, { ...options.mask, homePath: home });
  const unmasked = new Set(options.mask.unmask);
  const masked = !options.mask.enabled
    ? []
    : [
        ...countsByRule(scan.secrets.findings.filter((finding) => !unmasked.has(finding.id))),
        ...(scan.wordEvents > 0 ? [{ rule: 'word', count: scan.wordEvents }] : []),
        ...(scan.homeEvents > 0 && !unmasked.has(HOME_PATH_ID) ? [{ rule: HOME_PATH_ID, count: scan.homeEvents }] : []),
      ];
  const homeOnly = new TextMasker([], { ...MASK_ALL, homePath: home });
  // Masked before it is clipped: a clip must not cut a secret or the home folder in half and leave the rest.
  const fullTitle = events.title ?? scan.firstPrompt;
  const title = fullTitle === undefined ? undefined : clipTitle(masker.mask(fullTitle));
  const header: ExportFileHeader = {
    toolcardsVersion: SERVER_VERSION,
    source: events.source,
    sessionId: events.sessionId,
    ...(title === undefined ? {} : { title }),
    workspace: homeOnly.mask(masker.mask(events.cwd)),
    ...(events.createdAt ? { startedAt: events.createdAt } : {}),
    ...(scan.endedAt ? { endedAt: scan.endedAt } : {}),
    counts: scan.counts,
    ...(options.from !== undefined || options.to !== undefined ? { range: { from: range.from, to: Math.min(range.to, scan.lastSeq) } } : {}),
    stillBeingWritten: events.stillBeingWritten,
    masked,
  };
  // The second read stops where the first one's last exported event was (a result may come after `to`).
  return { header, items: exportItems(events, presenters, { from: range.from, to: range.to, until: scan.lastSeq }, masker) };
}

/** The secrets a session's export would hide, for the dialog (nothing is masked or written). */
export async function previewExport(options: Omit<ExportOptions, 'mask'> & { homePath?: string; words?: readonly string[] }): Promise<ExportPreview> {
  const events = await eventsOf(options);
  const presenters = options.presenters ?? (await defaultPresenters());
  const scan = await scanSession(events, presenters, rangeOf(options), { ...MASK_ALL, words: options.words ?? [], homePath: options.homePath ?? homedir() });
  return { findings: scan.secrets.findings, homePath: scan.homeEvents > 0 };
}

async function eventsOf(options: Pick<ExportOptions, 'dataDir' | 'sessionId' | 'transcriptPath' | 'busyHere'>): Promise<SessionEvents> {
  if (options.sessionId !== undefined) return sessionEventsOf(options.dataDir, options.sessionId, options.busyHere);
  if (options.transcriptPath !== undefined) return fileEventsOf(options.dataDir, options.transcriptPath, options.busyHere);
  throw new ExportError('UNKNOWN_SESSION', 'no session given: a session id or the path of a transcript');
}

function rangeOf(options: Pick<ExportOptions, 'from' | 'to'>): { from: number; to: number } {
  const from = options.from ?? 0;
  const to = options.to ?? Number.MAX_SAFE_INTEGER;
  for (const [name, value] of [['from', options.from], ['to', options.to]] as const) {
    if (value !== undefined && !(Number.isInteger(value) && value >= 0)) throw new ExportError('BAD_RANGE', `--${name} needs a seq (a whole number from 0), not ${String(value)}`);
  }
  if (from > to) throw new ExportError('BAD_RANGE', `--from ${from} is after --to ${to}: give the earlier seq first`);
  return { from, to };
}

async function defaultPresenters(): Promise<Presenters> {
  // A presenter that throws leaves its card generic, as in the workbench; an export goes on.
  return { ...(await import('@toolcards/tools')), onPresenterFailure: () => {} };
}

interface SessionScan {
  counts: ExportFileHeader['counts'];
  lastSeq: number;
  endedAt?: string;
  /** The first prompt, whole (the title is clipped from it once masked). */
  firstPrompt?: string;
  secrets: ScanResult;
  wordEvents: number;
  homeEvents: number;
}

/** The first read: counts, the last seq, the first prompt, and every string scanned for secrets. */
async function scanSession(events: SessionEvents, presenters: Presenters, range: { from: number; to: number }, mask: MaskSettings): Promise<SessionScan> {
  const views = new ViewComputer(presenters);
  const findings = new SecretFindings();
  const counts: ExportFileHeader['counts'] = { events: 0, calls: 0, byCard: {} };
  const dotenvCalls = new Set<string>();
  const callNames = new Map<string, string>();
  const words = mask.words.map((word) => word.trim().toLowerCase()).filter((word) => word.length > 0);
  const home = mask.homePath ?? homedir();
  let lastSeq = -1;
  let endedAt: string | undefined;
  let firstPrompt: string | undefined;
  let wordEvents = 0;
  let homeEvents = 0;
  const inRange = new ExportRange(range.from, range.to);
  await readWholeMessages(events.read, async (event) => {
    const place = inRange.place(event);
    if (place === 'end') return false;
    if (place === 'before') views.remember(event);
    if (place !== 'in') return true;
    lastSeq = event.seq;
    endedAt = event.time;
    counts.events += 1;
    const view = views.viewFor(event);
    if (event.type === 'tool/call') {
      counts.calls += 1;
      callNames.set(event.data.callId, event.data.name);
      if (namesDotenvFile(stringsOf(event.data.args))) dotenvCalls.add(event.data.callId);
    } else if (event.type === 'tool/result') {
      const card = view?.card ?? 'generic';
      counts.byCard[card] = (counts.byCard[card] ?? 0) + 1;
    } else if (event.type === 'user/message' && firstPrompt === undefined) {
      firstPrompt = event.data.text;
    }
    const where = event.type === 'tool/call' || event.type === 'tool/result' ? (callNames.get(event.data.callId) ?? event.type) : event.type;
    const dotenv = event.type === 'tool/result' && dotenvCalls.has(event.data.callId);
    if (event.type === 'tool/result') callNames.delete(event.data.callId);
    let hasWord = false;
    let hasHome = false;
    for (const text of stringsOf(event.data as unknown as JsonValue)) {
      await findings.add(text, event.seq, where, dotenv);
      if (!hasHome && text.includes(home)) hasHome = true;
      if (!hasWord && words.length > 0) {
        const lower = text.toLowerCase();
        hasWord = words.some((word) => lower.includes(word));
      }
    }
    if (hasWord) wordEvents += 1;
    if (hasHome) homeEvents += 1;
    return true;
  });
  return { counts, lastSeq, ...(endedAt ? { endedAt } : {}), ...(firstPrompt !== undefined ? { firstPrompt } : {}), secrets: await findings.result(), wordEvents, homeEvents };
}

/** The second read, as the items: views as history computes them, lean, masked; a generator, so one item at a time. */
async function* exportItems(events: SessionEvents, presenters: Presenters, range: { from: number; to: number; until: number }, masker: TextMasker): AsyncGenerator<ExportItem> {
  if (range.until < range.from) return;
  const views = new ViewComputer(presenters);
  // The log's reader pushes, the generator pulls: one event waits at a time.
  let waiting: { event: SessionEvent; view: EventView } | undefined;
  let wake: (() => void) | undefined;
  let pulled: (() => void) | undefined;
  let done = false;
  let failure: unknown;
  const inRange = new ExportRange(range.from, range.to, range.until);
  const reading = readWholeMessages(events.read, async (event) => {
      const place = inRange.place(event);
      if (place === 'end') return false;
      if (place === 'before') views.remember(event);
      if (place !== 'in') return true;
      waiting = { event, view: views.viewFor(event) };
      wake?.();
      await new Promise<void>((resolve) => (pulled = resolve));
      return !done && event.seq < range.until;
    })
    .catch((error: unknown) => {
      failure = error;
    })
    .finally(() => {
      done = true;
      wake?.();
    });
  try {
    for (;;) {
      if (waiting === undefined && !done) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      if (failure !== undefined) throw failure;
      const next = waiting;
      if (next === undefined) break;
      waiting = undefined;
      const item = historyItem(next.event, next.view);
      yield maskedValue(item.view === undefined ? { event: item.event } : { event: item.event, view: item.view }, masker);
      const resume = pulled;
      pulled = undefined;
      resume?.();
    }
  } finally {
    done = true;
    pulled?.();
    await reading;
  }
}

/** Every string in a JSON value (keys left out: they are field names). */
function stringsOf(value: JsonValue | undefined): string[] {
  const out: string[] = [];
  const walk = (item: JsonValue | undefined): void => {
    if (typeof item === 'string') out.push(item);
    else if (Array.isArray(item)) item.forEach(walk);
    else if (item !== null && typeof item === 'object') Object.values(item).forEach(walk);
  };
  walk(value);
  return out;
}

function countsByRule(findings: readonly ExportFinding[]): { rule: string; count: number }[] {
  const byRule = new Map<string, number>();
  for (const finding of findings) byRule.set(finding.rule, (byRule.get(finding.rule) ?? 0) + finding.count);
  return [...byRule].map(([rule, count]) => ({ rule, count }));
}
