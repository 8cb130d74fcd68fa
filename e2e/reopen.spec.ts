import { card, cardTexts, timelineOf } from './support/cards';
import { generateWorkspace } from './support/generated-workspace';
import { historyState, pendingUiSeen, topmostCard, watchForPendingUi, wheelUp } from './support/reopen-watch';
import { generateSession, toolCallPlan, type PlannedCall } from './support/session-generator';
import { expect, runCommand, test } from './support/test';

/**
 * Issue 12: a long session, made through the server, reopens the way it looked live —
 * last card first, no spinner or Cancel for calls that finished long ago, and the whole
 * history there when scrolling back to its first card.
 */

const CALLS = 1000;
/** Typed into the composer once the generated calls are in: the live cards to compare. */
const LIVE_COMMANDS = [
  { command: '/grep SESSION_END src/zz-session-end', card: /^Grep SESSION_END in src\/zz-session-end$/ },
  { command: '/glob *.json', card: /^Glob \*\.json$/ },
  { command: '/read README.md', card: /^Read README\.md$/ },
] as const;
/** seq 0: a call no other in the session repeats, so its card names the session's first. */
const FIRST_CALL: PlannedCall = { name: 'grep', args: { pattern: 'SESSION_END = true', path: 'src/zz-session-end' } };
const FIRST_CARD = 'Grep SESSION_END = true in src/zz-session-end';

test('a 1,000-call session reopens tail first, without spinners, equal to live, back to its first card', async ({ page, toolcards }) => {
  // Making the session through the WebSocket takes 10–20 s of this on 2 busy cores.
  test.setTimeout(120_000);
  const timings: string[] = [];
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    try {
      return await work();
    } finally {
      timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      test.info().annotations.push({ type: 'timing', description: timings.at(-1)! });
      console.log(`reopen.spec: ${timings.at(-1)}`);
    }
  };

  const workspace = await step('generate the workspace', () => generateWorkspace(toolcards.workspace, { files: 300 }));
  const session = await step(`make ${CALLS - LIVE_COMMANDS.length} calls through the WebSocket`, () =>
    generateSession({ origin: toolcards.origin, token: toolcards.token }, [FIRST_CALL, ...toolCallPlan(workspace, CALLS - LIVE_COMMANDS.length - 1)]),
  );

  // Live: open the session, then add cards from the composer as a person would.
  await step('open the session before the live commands', async () => {
    await page.goto(`${toolcards.url}#/s/${session.sessionId}`);
    await expect(card(page, new RegExp(`^Read ${workspace.markerPath.replaceAll('.', '\\.')}$`))).toBeVisible({ timeout: 60_000 });
  });
  await step('run the live commands', async () => {
    for (const { command, card: name } of LIVE_COMMANDS) {
      await runCommand(page, command);
      await expect(card(page, name)).toBeVisible({ timeout: 15_000 });
    }
  });
  await expect.poll(() => historyState(page)).toBe('complete');
  const live = await cardTexts(page);
  expect(live.length).toBeGreaterThanOrEqual(LIVE_COMMANDS.length);

  // Reopen: a reload of the same tab (its URL names the session), watched from before the app starts.
  await watchForPendingUi(page);
  await step('reload until the last card is visible', async () => {
    await page.reload();
    await expect(card(page, LIVE_COMMANDS.at(-1)!.card)).toBeVisible({ timeout: 20_000 });
  });
  // Not asserted (a fast machine may have it all by now): whether the scroll below had older history to fetch.
  const historyAtLastCard = await historyState(page);
  test.info().annotations.push({ type: 'history when the last card showed', description: historyAtLastCard });
  console.log(`reopen.spec: history when the last card showed: ${historyAtLastCard}`);

  // The same cards as live, as soon as they show (older history may still be coming): the live
  // commands' cards exactly, and every card both pages render at the end of the timeline.
  await step('the reopened cards equal the live ones', () =>
    expect(async () => {
      const reopened = await cardTexts(page);
      expect(reopened.slice(-LIVE_COMMANDS.length)).toEqual(live.slice(-LIVE_COMMANDS.length));
      const common = Math.min(live.length, reopened.length);
      expect(reopened.slice(-common)).toEqual(live.slice(-common));
    }).toPass({ timeout: 10_000 }),
  );

  // Straight back to the beginning with the wheel, older history coming in on the way, up to seq 0's card.
  const timeline = timelineOf(page);
  await step('scroll up to the first card', () =>
    expect(async () => {
      await wheelUp(page, timeline, 100_000);
      const top = await topmostCard(page);
      expect(top?.label).toBe(FIRST_CARD);
      expect(top?.scrollTop).toBe(0);
    }).toPass({ timeout: 30_000, intervals: [100] }),
  );
  await expect(card(page, FIRST_CARD)).toBeVisible();
  await step('the whole history is loaded', () => expect.poll(() => historyState(page), { timeout: 30_000 }).toBe('complete'));

  // Over the whole reopen, backfill included: nothing that finished may look as if it were running.
  expect(await pendingUiSeen(page), 'a pending card, spinner or Cancel button appeared while a finished session reopened').toEqual({
    pendingCards: [],
    spinners: 0,
    cancelButtons: 0,
    firstSeenMs: null,
  });
});
