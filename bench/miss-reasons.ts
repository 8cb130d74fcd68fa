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
  'navigator.scroll.open':
    'Traced (Chromium trace with a CPU profile, then Long Animation Frame entries of the bench’s own scroll): before, each ' +
    'long task was one frame styling and laying out 1,000–4,500 new elements (read cards of 1,000–2,300 elements with their ' +
    'colour spans, glob cards of 1,700; two card bodies a frame) — style 10–22 ms, layout 11–21, paint 5–13, the ' +
    'virtualizer’s ResizeObserver 5–14 — 11–47 tasks ≥ 50 ms per 8 s scroll. Now a fling (> 1,500 px/s) keeps the rows’ ' +
    'placeholders and mounts the cards once it slows or stops for 120 ms and a frame: 0–3 tasks ≥ 50 ms per scroll, at the ' +
    'scroll’s end (the first cards mounting after it: their React render 13–47 ms, the ResizeObserver’s re-measure of 10,000 ' +
    'rows 6–55 ms) or where the load took a core. What is left is in the cards: a read card renders ~2,000 elements for a ' +
    '448 px viewport and a glob card all of its rows; the virtualizer re-estimates every row below a resized one. ' +
    CONTENTION,
  'navigator.scroll.closed':
    'As with the outline open (see that row): the first cards mounting after the fling ends, or the machine’s load. ' +
    CONTENTION,
  'transcript-page.first-screen':
    'Met since the socket opens from index.html before the entry loads (decision 0026); it was 1.26 s. Traced before that: the ' +
    'socket created 320–490 ms after navigation (at the end of the entry’s evaluation), the server’s tail 100–750 ms (a 1 MiB ' +
    'window of 2,800 events parsed for a 200-event tail, beside the page’s 25 files), then ≈ 300 ms until the first cards were ' +
    'painted. A slow run is still the page’s start and the tail sharing the 2 cores. ' +
    CONTENTION,
  'transcript-page.complete-ratio':
    'Since decision 0026 the replay from the start serializes the older pages and folds the Files panel’s answer once, and ' +
    'pages grow with what is held (4 round trips, not 7). Server alone (a Node client): the whole history 0.75–0.93 s after ' +
    'the socket opens. On the page the first older page waits for that replay (1.0–1.1 s at the network level, 0.57 s alone: ' +
    'the page’s first screen, its software raster and the highlight worker share the cores), then each page is bound by ' +
    'the page: validating frames, splicing, a render of ≈ 100 ms. In the replay, zod (event validation and the presenters’ ' +
    'and the files fold’s meta narrowing) is ≈ 40 % of the CPU. Suppressing the renders of background pages measured ' +
    '−200 ms but leaves no rows for someone scrolling up. ' +
    CONTENTION,
  'grep.common.ratio':
    'Above the target in the last three full runs (1.37× before, 1.24–1.28× after slicing each file’s path out of its begin ' +
    'record instead of `JSON.parse`). Node must read all of ripgrep’s JSON for > 40k matches and write every match to the spill ' +
    'file while ripgrep runs, and on 2 cores that CPU is taken from ripgrep’s own threads: `node --cpu-prof` of six searches ' +
    'showed 0.40–0.55 s of Node CPU per search against 0.56–0.86 s for ripgrep alone, ≈ 0.1 s of it GC. Without a spill store ' +
    'the same search is ≈ 1.1×. What is left would change the contract: cap the spill (and take `total` from ripgrep’s summary ' +
    'record), or move the collector to a worker thread — which only helps with a core to spare. On the machine of the ' +
    'one-baseline run of 2026-12-02 raw ripgrep is far faster than on the one before (521 → 284 ms drained) while the tool ' +
    'took 646 → 500 ms: its own part, about the same, is now the larger share of the ratio.',
  'glob.ratio':
    'The tool adds a per-path string decode and the spill of every path beyond 100 to ripgrep’s own time; under load the pairs ' +
    'spread widely — compare with the same-run min–max. Met (1.14×) on the machine before; on the one-baseline run of ' +
    '2026-12-02 raw `rg --files` took 65 ms against 102 there while the tool took 109 against 117: the same ≈ 40 ms of the ' +
    'tool’s own (bwrap’s start, decision 0015, and the decode and spill) on a smaller base.',
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
    `${CONTENTION} The card's first task is now its render and commit only (traced: 37 ms CPU unminified): TanStack Virtual's ` +
    'mount reads no layout (`noLayoutReadsOnMount`), the re-render that hands it the viewport is a transition in a later task, ' +
    'the first render draws the ~23 rows on screen (the overscan comes with that re-render), and `widestColumns` takes ASCII ' +
    'lines by one native regex test (it was 15 ms CPU). Before, the same task was 125–135 ms CPU: two renders and a forced ' +
    'layout. What is left is the fresh page’s first frame: ≈ 27 ms CPU of style, layout and paint (traced), most of it ' +
    'first-use costs — on a fresh page the card’s header alone lays out in 11 ms (its fonts: nothing drew text before it), 43 ' +
    'plain mono rows in 7 ms, and the same card again in 3–5 ms. A page that drew anything first (the app does) pays less.',
  'read-card.visible-coloured':
    'Cold: the page is fresh, so the worker, Shiki, the precompiled and plain TypeScript grammars are fetched and the grammar’s ' +
    'regexes compiled by V8 on first use within the measured time — ≈ 0.3–0.4 s of worker CPU for the first 25 lines (the Node ' +
    'row "first 25 lines"; it was 1.3 s with the Oniguruma conversion, docs/decisions/0011). The app pays that at idle instead ' +
    '(`warmLikelyHighlights`): see the pre-warmed rows.',
  'read-card.prewarmed-first-text':
    `${CONTENTION} As "first text": the card's render and commit, then the page's first style, layout and paint.`,
  'read-card.prewarmed-visible-coloured':
    'Mostly the worker, after its idle warm-up. The warm-up now tokenizes a module’s worth of TypeScript (warm-samples.ts: ' +
    '191 distinct scopes against the 96 of the eight C-family lines before); in Node the first 25 lines of 9 real files of ' +
    'this repository then took 6–269 ms CPU against 61–476 ms, and this fixture’s visible rows come after one or two 30 ms ' +
    'slices. Then the chunk’s render (≈ 10 ms CPU) and a frame. Asking for the window in the card’s render or layout effect ' +
    'instead of after its first paint gave colour ≈ 15 ms sooner and first text 20–30 ms later (the worker then competes ' +
    `with that frame for the cores). ${CONTENTION}`,
  'read-card.prewarmed-longest-task':
    `Only under contention: the card's first task is ≈ 30–40 ms CPU (see "first text"), chunks apply in batches. ${CONTENTION}`,
  'read-card.long-lines-next-card':
    'Rows now draw at most 2,000 characters ("+18,000 chars" draws the rest; Copy code copies it all) and colour goes into rows ' +
    '1,000 tokens at a time, a frame apart (pairs against the old client: 728 → 336 ms, longest task 350 → 98 ms). What is ' +
    'left: the worker reads the newer card’s request only between two steps of the long card, and a step on minified code ' +
    'ran 30–140 ms CPU in traces (`findNextMatchSync` in the TypeScript grammar’s arrow-function look-aheads; 5–10 ms per ' +
    '1,000-character line warm in Node, 37 ms for the first); and each colour batch of the long card costs 10–25 ms of React ' +
    `and ≈ 30 ms of style and layout for rows of hundreds of inline tokens. ${CONTENTION}`,
  'read-card.longest-task':
    'The card’s first task is ≈ 30–40 ms CPU (render and commit, see "first text"), chunks apply in batches of 1,000 tokens; ' +
    `a task over 50 ms here is one of those waiting for a core. ${CONTENTION}`,
  'read-card.live-visible-coloured':
    'The app’s `prepareLiveResult` asks for the window as the result frame is applied, a frame before the card mounts, and ' +
    'validates the view in a task of its own. It pays when a core is free for the worker while the card renders; under load ' +
    'the worker competes with the card’s render (in pairs at load 5–7 colour came no sooner). The comparison row leaves both ' +
    `to the card’s mount. ${CONTENTION}`,
  'read-card.live-longest-task':
    'The card mounts from the store’s publish in a synchronous render (zustand’s `useSyncExternalStore` in this page). The ' +
    'read view’s validation (zod, 2,000 lines: 15–46 ms in the page) no longer runs in that task: `prepareLiveResult` does it ' +
    'at ingest, in a task of its own. Long Animation Frame entries of the publish frame: its script 76–137 ms before, 48–99 ' +
    'ms after, of which 14–24 ms is the bench’s own probe forcing the layout the frame would do anyway ' +
    '(`visibleRowsColoured` reads row boxes); what is left is the card’s first render and commit (≈ 30–50 ms wall: the ' +
    'header, the code view, ~25 rows, the minimap). In the app the timeline mounts a card body a frame after its row ' +
    `(DeferredRowView), so the row and the body are two tasks. ${CONTENTION}`,
  'replay-worker.first-screen':
    'Opening parses the whole session’s frames (17 MB of JSON for 5,000 cards; `serverFrameFromJson` took 0.2–0.35 s CPU in ' +
    'profiles) on the main thread as they arrive, interleaved with the first batches’ renders; under load that alone nears ' +
    `the target. ${CONTENTION}`,
  'streaming.longest-task':
    `${CONTENTION} What made the 150–330 ms tasks is gone: the store publishes at most every 100 ms in a burst, no render ` +
    'or commit reads layout (the end is followed by a plain scroll write in the next frame instead of TanStack’s ' +
    '`followOnAppend`, and the cards’ virtualizers mount without reading their scroller), card bodies mount two per frame ' +
    'after their row’s first frame, so no frame lays out a whole screenful of new cards, and a read card no longer re-renders ' +
    'itself for ever after a new view object (500–1,700 commits a second, found and fixed in this issue). The last full run ' +
    '(load 2.2–2.4) had no task ≥ 50 ms in 4 of 5 runs and one of 58 ms in the fifth. Long Animation Frame entries and CPU ' +
    'profiles of such frames show under 10 ms of script: young-generation GC of the frames’ JSON (the bench page delivers ' +
    '128 frames per worker message), and style/layout/paint of the two new cards, each waiting for a core.',
  'reopen.longest-task':
    'Traced on a reopened 3,000-call session (built CLI, Chromium, Long Animation Frame entries and a CPU profile of an ' +
    'unminified build). The longest tasks are: the page’s own start, one `module-script` task of 150–160 ms that ' +
    'evaluates the entry chunk and its static imports (about 60 ms of top-level evaluation in the profile, zod building the ' +
    'protocol’s schemas among it); the first commit, 97–112 ms, of which 27–34 ms is style and layout forced by the composer’s `autoFocus`; ' +
    'and replay publishes of 100–216 ms, which render the cards of the new rows and their colour batches (a read card ' +
    're-renders its visible rows once per batch: 6,830 row comparisons while this session loaded). What would cut them: ' +
    'build the wire schemas lazily (on first parse), focus the composer after the first frame, and render rows that ' +
    'arrive during replay a few per frame, as live rows are. Since the socket opens from index.html (decision 0026) the ' +
    'server answers the tail while the entry evaluates, and that task stretches on 2 cores: longest task 257–305 ms with ' +
    `the early socket against 140–191 ms without (10,000-call session, alternating builds, same minutes). ${CONTENTION}`,
  'reopen.last-card-vs-node':
    'The Node client got faster, not the page slower: since decision 0026 a whole-history subscribe is sent from the items the ' +
    'replay from the start serialized (subscribe → caught-up 648 → 199 ms), while the page draws the 200-event tail’s cards. ' +
    'The page itself, alternating builds on a 3,000-call session in the same minutes: first rows 1.09 s before → 1.00 s after. ' +
    CONTENTION,
  'reopen.last-card-vs-single':
    'Not traced yet. The 1-call session’s last card comes in 630–860 ms (the page’s start and one read card); the 3,000-call ' +
    'session’s tail is 200 events of grep, glob and read cards (a glob card alone is 1,700 elements) read from a 50 MB log, ' +
    'and its first screen mounts two card bodies a frame. ' +
    CONTENTION,
  'bundle.initial-js':
    'react-markdown with micromark, mdast and hast utilities is in the entry chunk because Timeline → AssistantMessage imports ' +
    'AssistantMarkdown statically. Building with react-markdown aliased to a stub gives 125.6 kB gzip (−35 kB): loading ' +
    '`AssistantMarkdown` with `React.lazy` (plain text until it arrives, like code before its colours) meets the target. zod ' +
    '(wire schemas) is the next largest library in the entry.',
  'first-read.first-row':
    'Traced (unminified build, the same page: the first read against the same read again): Enter → the result frame in is ' +
    'the server’s and the socket’s time, the same for both reads on a quiet machine (≈ 50 ms; 2–3× that when the highlight ' +
    'worker’s warm-up, the page and the server share the 2 cores at once, which is why only TypeScript’s grammar loads with the ' +
    'page’s start now and the rules are compiled at the first idle moment). What the first read pays on its own is the main ' +
    'thread running the read card’s code for the first time: its first render took 77–88 ms against 11–18 ms for the same ' +
    'card again, most of it V8 compiling (“(program)”) and React’s first pass over ReadCard, ReadVirtualRows and the ' +
    'virtualizer; plus zod building the read view’s schema at its first parse (lazy wire schemas) and validating the window, ' +
    'which the traces show both at ingest (prepareLiveResult) and inside the row’s render (ToolRowView → resultViewFromWire). ' +
    'No lazy chunk is on this path: the read card is in the entry chunk. What would cut it: validate the window once, at ' +
    `ingest, and run the card's code once before the first command. ` +
    'Probed again on 2026-12-02 (frames on the page’s WebSocket, Long Animation Frame entries, 3 fresh pages): the call’s ' +
    'frame is handled 42–70 ms after Enter, and the frame that draws its pending card is a 64–144 ms animation frame (27–95 ms ' +
    'of it in the rAF callback: the timeline row and call card rendered for the first time), so the result, which the server ' +
    'sends ≈ 30 ms after the call, is handled at 141–255 ms; on the same page again it is handled at 40–70 ms. The next lever ' +
    `is rehearsing the pending call card and its row too, not only the read card. ${CONTENTION}`,
  'first-read.coloured':
    'Before: the idle warm-up of six languages (worker start, six grammars loading at once, then ≈ 1–2 s of rule compiling) ' +
    'started when the page first idled — right as the first command’s result came — and the window waited behind it. Now ' +
    'the worker starts with the page and loads TypeScript’s grammar at once; warm-ups run one at a time and only while no ' +
    'window is queued, so colour follows the first row within one or two frames (see the runs). What is left is the first ' +
    `row's own time (first-read.first-row). ${CONTENTION}`,
  'diff-card.first-text':
    'Traced (Chromium trace with CPU profile, unminified bench page, 3–4 runs each): the card’s first task was 51–64 ms of ' +
    'CPU against the read card’s 44–49 ms — a state set from the card’s box ref (for the Split toggle’s width) was a ' +
    'synchronous update that re-rendered the whole card and ran its effects inside that task; with a ref it is 27–37 ms, and ' +
    'the first frame’s style, layout and paint are the read card’s (12–22 ms CPU against 14–20). The long diff no longer ' +
    'scrolls in a box of its own (decision 0016). What is left is the same as the read card’s first text (see ' +
    `read-card.prewarmed-first-text and its baseline row in this section). ${CONTENTION}`,
  'diff-card.visible-coloured':
    'The rows on screen need two highlight windows where the read card needs one: each side (old, new) is tokenized with its ' +
    'own grammar state. Each side’s head (25 lines, one worker chunk) is asked for first and the full side once both heads ' +
    'are coloured — asked at once, the worker took both 2,000-line sides off the wire before it reached the second head ' +
    '(traced). Before: 200 ms against the read card’s 126 (1.69×, pairs); after, in the same run, the diff is at or below ' +
    'the read card (see the ratio row): the miss is the machine’s load, which the baseline shares. ' +
    CONTENTION,
  'diff-card.longest-task':
    'The card’s first task (its render and commit): 51–64 ms CPU traced before, with a synchronous re-render of the whole ' +
    `card from a ref-set state inside it; 27–37 ms after. ${CONTENTION}`,
  'export.html.ms':
    'HTML = the export document + the HTML writer. The document (both reads of the log, the secretlint scan of every string, ' +
    'masking) is about the Markdown time: 1.5 s at load 6.6, 3.2–3.7 s at load 17 (its own row, and its ratio to the history ' +
    'read in the same run). A CPU profile of a 1,000-call session, three exports: 0.3 s each, of which reading and ' +
    '`JSON.parse` of the log twice ≈ 45 %, secretlint ≈ 15 %, masking ≈ 10 %, GC ≈ 12 %. The rest of the HTML time (2.7 s at ' +
    'load 6.6) is the HTML writer highlighting every read window at export (export/html, its own bench). Levers: scan each ' +
    'distinct text once (a read result holds its window twice: the model text and the meta lines), compute views in the scan ' +
    'only for the card counts, and highlight in a worker or only the windows a first screen shows.',
};
