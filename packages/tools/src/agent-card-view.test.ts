import { describe, expect, it } from 'vitest';
import { agentCardView } from './agent-card-view';
import { presentResult } from './registry';
import type { ToolResult } from './tool';

const terminal = { card: 'terminal', command: 'npm test', exitCode: 1, output: '\u001b[31mFAIL\u001b[0m a.test.ts\n', truncated: false };
const diff = { card: 'diff', files: [{ path: 'a.ts', status: 'modified', hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-a', '+b'] }] }] };
const plan = { card: 'plan', items: [{ text: 'Fix it', status: 'in_progress' }] };

function resultWith(meta: ToolResult['meta'], isError = false): ToolResult {
  return { content: [{ type: 'text', text: 'what the agent saw' }], isError, ...(meta === undefined ? {} : { meta }) };
}

describe('agentCardView', () => {
  it.each([
    ['terminal', terminal],
    ['diff', diff],
    ['plan', plan],
  ])('draws the %s card its meta names', (card, meta) => {
    expect(agentCardView(meta)).toEqual(meta);
    expect(agentCardView(meta)?.card).toBe(card);
  });

  it.each([
    ['no meta', undefined],
    ['a meta without a card', { command: 'ls', exitCode: 0, output: '', truncated: false }],
    ['a card we do not know', { ...terminal, card: 'browser' }],
    ['a card of our own tools (read is drawn from its own presenter only)', { card: 'read', path: 'a', offset: 1, lines: [], totalLines: 0 }],
    ['a malformed terminal meta', { ...terminal, exitCode: '1' }],
    ['a diff whose hunk counts disagree with its lines', { card: 'diff', files: [{ ...diff.files[0], hunks: [{ ...diff.files[0]!.hunks[0], oldLines: 3 }] }] }],
    ['a plan with an unknown status', { card: 'plan', items: [{ text: 'a', status: 'blocked' }] }],
    ['an array', [terminal]],
  ])('gives no view for %s (the generic card shows the text)', (_, meta) => {
    expect(agentCardView(meta as ToolResult['meta'])).toBeUndefined();
  });
});

describe('presentResult for a tool that is not ours', () => {
  it("draws another agent's shell command as the terminal card, a failed one too", () => {
    expect(presentResult('Bash', { command: 'npm test' }, resultWith(terminal))).toEqual(terminal);
    expect(presentResult('exec_command', { cmd: ['npm', 'test'] }, resultWith(terminal, true))).toEqual(terminal);
  });

  it('draws an edit as the diff card and a plan as the plan card', () => {
    expect(presentResult('apply_patch', {}, resultWith(diff))).toEqual(diff);
    expect(presentResult('TodoWrite', {}, resultWith(plan))).toEqual(plan);
  });

  it('never lets a meta take over one of our own tools', () => {
    expect(presentResult('read', { path: 'a.ts' }, resultWith(terminal))).toBeUndefined();
  });
});
