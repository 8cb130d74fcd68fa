/**
 * Why a figure misses its target, by figure id — found by profiling (Chromium traces and
 * CPU profiles of the bench page, `node --cpu-prof` for the tools), written into
 * BENCHMARKS.md next to the miss. A miss without an entry says so. Keep each one to what
 * was measured, the cause, and the change that would fix it.
 */

/** Said once for every browser figure: most of a long wall time here is waiting for a core. */
const CONTENTION =
  'On this 2-core VM Chromium rasterizes in software (--disable-gpu) and the page’s main thread shares the cores with the ' +
  'compositor, the highlight worker and whatever else runs (see the load average): in traces, a task’s wall time was 2–4× its ' +
  'main-thread CPU time.';

export const MISS_REASONS: Readonly<Record<string, string>> = {
  'grep.common.ratio':
    'Above the target in the last three full runs (1.37× before, 1.24–1.28× after slicing each file’s path out of its begin ' +
    'record instead of `JSON.parse`). Node must read all of ripgrep’s JSON for > 40k matches and write every match to the spill ' +
    'file while ripgrep runs, and on 2 cores that CPU is taken from ripgrep’s own threads: `node --cpu-prof` of six searches ' +
    'showed 0.40–0.55 s of Node CPU per search against 0.56–0.86 s for ripgrep alone, ≈ 0.1 s of it GC. Without a spill store ' +
    'the same search is ≈ 1.1×. What is left would change the contract: cap the spill (and take `total` from ripgrep’s summary ' +
    'record), or move the collector to a worker thread — which only helps with a core to spare.',
  'glob.ratio':
    'The tool adds a per-path string decode and the spill of every path beyond 100 to ripgrep’s own time; under load the pairs ' +
    'spread widely — compare with the same-run min–max.',
  'package.grep.overhead':
    'Node itself is most of the budget: a bare `node -e 0` takes 105–150 ms on this machine (see its row). After it, ' +
    '`node --cpu-prof` of the installed `toolcards tool grep` shows ≈ 90 ms in Node’s ESM loader reading zod’s ~100 files one ' +
    'by one, ≈ 30 ms evaluating zod and the protocol and tool schemas, ≈ 10 ms in the bundle’s own chunks, and ≈ 25 ms from the ' +
    'last output to the exit; the search itself costs what it costs in-process (see `grep`). tsx is gone (the same command ' +
    'from source: 0.9–1.5 s). Measured levers: bundling zod instead of installing it saves 35–45 ms per run (pairs; ' +
    'docs/decisions/0010 keeps it external); Node 22’s compile cache, which the bin turns on where it exists, cannot be ' +
    'measured on Node 20. Neither reaches 150 ms while Node alone takes ~115.',
  'read.tool.throughput':
    'At the edge and mostly the machine: the rest of each chunk past the window is now counted in a tight `indexOf(10)` loop ' +
    '(976 MB/s and 862 MB/s in the last two runs, max 1.04 GB/s); isolated, the tool measured 1.07 GB/s. `Buffer#indexOf` is ' +
    'already the fastest scan Node 20 offers (a byte loop was 2.7× slower, `Uint8Array#indexOf` 1.8×); `wc -l` runs native ' +
    'SIMD with no JavaScript in between.',
  'read-card.first-text':
    `${CONTENTION} The first paint waits for one task that renders the card and its 43 virtual rows. TanStack Virtual’s mount ` +
    'used to measure a viewport (448 px) different from its `initialRect` (480 px) and re-render synchronously in the same task ' +
    '(traced: 195 ms wall, 65 ms CPU); both now come from one constant with `useFlushSync: false`, and the median moved only ' +
    'from 155 to 148 ms, so what is left is the render itself under contention. Next: render the rows after the header paints.',
  'read-card.visible-coloured':
    'Cold: the page is fresh, so the worker, Shiki, the precompiled and plain TypeScript grammars are fetched and the grammar’s ' +
    'regexes compiled by V8 on first use within the measured time — ≈ 0.3–0.4 s of worker CPU for the first 25 lines (the Node ' +
    'row "first 25 lines"; it was 1.3 s with the Oniguruma conversion, docs/decisions/0011). The app pays that at idle instead ' +
    '(`warmLikelyHighlights`): see the pre-warmed rows, where what is left is the main thread.',
  'read-card.prewarmed-first-text':
    `${CONTENTION} As "first text": the card’s mount task; with the grammar warm the worker answers within milliseconds, so the ` +
    'first chunk’s render often runs before the first frame and is counted in it.',
  'read-card.prewarmed-visible-coloured':
    'The worker has the visible rows in a few ms once warm (Node: 2,000 lines in ≈ 0.25 s CPU); the rest is the main thread: ' +
    'the card’s mount (see "first text") and then the task that applies the chunk (a React commit of the visible rows), ' +
    `each waiting for a core. ${CONTENTION}`,
  'read-card.prewarmed-longest-task':
    `The card’s mount, as in "longest task" — not the highlighting, which runs in the worker. ${CONTENTION}`,
  'read-card.long-lines-next-card':
    'Not the worker: it tokenizes at most 1,000 characters of a line and serves the newest card first, between two chunks ' +
    '(30 ms slices), so the next card’s rows are tokenized within tens of ms of its request (21 lines of 20,000 chars: 0.4 s ' +
    'CPU in Node, 4.7 s before the cap). The main thread lays out 420,000 characters of `white-space: pre` rows, again when ' +
    'their tokens arrive (a CPU profile put 0.66 s in the forced layouts of the bench’s own per-frame row check, which the ' +
    'frame would otherwise pay): capping the characters a read row renders (the read card’s rows) would fix it. ' +
    `${CONTENTION}`,
  'read-card.longest-task':
    'The longest task is the card’s mount (see "first text": render + forced layout + a second synchronous render), not the ' +
    `highlighting, which runs in the worker; applying chunk results takes 10–45 ms tasks. ${CONTENTION}`,
  'search-card.render':
    `${CONTENTION} Traced: 37 ms of JS (React creating 100 group headers and the ~50 rows of the groups opened at first) plus ` +
    '52 ms CPU of style, layout and paint for about 1,000 elements. Fewer elements per row (PathLabel and MarkedText spans), ' +
    '`content-visibility: auto` on groups, or a smaller first-open budget than 50 rows would cut it.',
  'search-card.expand-all':
    `${CONTENTION} Expand-all mounts 250 rows at once (about 1,750 elements, each row running clipLine, matchLabel and ` +
    'MarkedText): 103 ms CPU for the event task plus 26 ms for the frame in a traced run. Rendering the rows of a group only ' +
    'when it scrolls into view (or virtualizing the list like the timeline) keeps expand-all flat.',
  'replay-worker.first-screen':
    'Opening parses the whole session’s frames (17 MB of JSON for 5,000 cards; `serverFrameFromJson` took 0.2–0.35 s CPU in ' +
    'profiles) on the main thread as they arrive, interleaved with the first batches’ renders; under load that alone nears ' +
    `the target. ${CONTENTION}`,
  'streaming.longest-task':
    `${CONTENTION} The store applies frames as they arrive and publishes once per animation frame; the publish re-renders ` +
    'synchronously (zustand → useSyncExternalStore is a sync lane), so each frame is one task: 150–330 ms wall and 70–145 ms of ' +
    'main-thread CPU in a traced 100k-event run — a real miss even on a quiet core. CPU profile of the whole stream (15 s): ' +
    'style/layout/paint 4.7 s, react-markdown parsing assistant messages as their rows mount and grow 1.3 s, JSON.parse and ' +
    'checks of 100k frames 0.8 s, GC 0.6 s, inserting and removing row DOM 0.5 s, TanStack measurements 0.27 s, zod validation ' +
    'of card views 0.17 s; meanwhile the highlight worker tokenizes every read card and code fence on the other core. Fix: ' +
    'render the timeline rows through `useDeferredValue` (a transition React interrupts every 5 ms) in Timeline.tsx, and parse ' +
    'a growing message’s Markdown at most every ~100 ms (its unparsed tail as plain text) in AssistantMarkdown.tsx.',
  'bundle.initial-js':
    'react-markdown with micromark, mdast and hast utilities is in the entry chunk because Timeline → AssistantMessage imports ' +
    'AssistantMarkdown statically. Building with react-markdown aliased to a stub gives 125.6 kB gzip (−35 kB): loading ' +
    '`AssistantMarkdown` with `React.lazy` (plain text until it arrives, like code before its colours) meets the target. zod ' +
    '(wire schemas) is the next largest library in the entry.',
};
