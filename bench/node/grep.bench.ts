import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { rgPath } from '@vscode/ripgrep';
import { createSpillStore, createWorkspace } from '@toolcards/tools';
import type { BenchContext, BenchDefinition } from '../bench-context';
import { measuredFigure, type BenchOutcome, type Figure } from '../figures';
import { pairwiseRatios } from '../stats';
import { spawnAndDrain } from './spawn-drain';
import { timeToolCall } from './time-tool-call';

/** Few matches: the cost is ripgrep walking the tree. */
const RARE_PATTERN = 'ECONNRESET';
/** > 40k matching lines in node_modules: the cost is ripgrep's JSON output and our handling of it. */
const COMMON_PATTERN = 'import';
const COMMON_MIN_MATCHES = 40_000;

const SAME_TARGET = { op: '≤', value: 1.15 } as const;

export const grepBench: BenchDefinition = {
  name: 'grep',
  about: 'grep tool (in-process, spill included) vs raw `rg --json` drained, on a copy of node_modules; and both as whole processes',
  async run(context) {
    const tree = await context.largeTree();
    const figures: Figure[] = [];
    const details: string[] = [
      `Tree: a copy of node_modules at \`${tree.root}\` — ${tree.files.toLocaleString('en-US')} files, ${(tree.bytes / 1e6).toFixed(0)} MB.`,
    ];
    for (const [key, pattern] of [['rare', RARE_PATTERN], ['common', COMMON_PATTERN]] as const) {
      const inProcess = await compareInProcess(context, tree.root, pattern);
      if (key === 'common' && inProcess.total < COMMON_MIN_MATCHES) {
        details.push(`⚠ the common pattern matched only ${inProcess.total} lines (< ${COMMON_MIN_MATCHES}); the tree changed.`);
      }
      const what = `grep "${pattern}" (${inProcess.total.toLocaleString('en-US')} lines)`;
      figures.push(
        measuredFigure(`grep.${key}.tool`, `${what}: grep tool, in-process`, 'ms', inProcess.toolMs),
        measuredFigure(`grep.${key}.rg`, `${what}: rg --json drained`, 'ms', inProcess.rgMs),
        measuredFigure(`grep.${key}.ratio`, `${what}: tool / rg`, 'ratio', pairwiseRatios(inProcess.toolMs, inProcess.rgMs), SAME_TARGET),
      );
      const json = inProcess.rgJsonBytes >= 1e6 ? `${(inProcess.rgJsonBytes / 1e6).toFixed(1)} MB` : `${(inProcess.rgJsonBytes / 1e3).toFixed(1)} kB`;
      details.push(`\`${pattern}\`: ripgrep wrote ${json} of JSON per search.`);
    }
    for (const [key, pattern] of [['rare', RARE_PATTERN], ['common', COMMON_PATTERN]] as const) {
      const whole = await compareProcesses(context, tree.root, pattern);
      figures.push(
        measuredFigure(`grep.${key}.process.toolcards`, `grep "${pattern}": whole \`toolcards tool grep\` process`, 'ms', whole.toolcardsMs),
        measuredFigure(`grep.${key}.process.rg`, `grep "${pattern}": whole \`rg --json\` process`, 'ms', whole.rgMs),
        measuredFigure(`grep.${key}.process.ratio`, `grep "${pattern}": toolcards process / rg process`, 'ratio', pairwiseRatios(whole.toolcardsMs, whole.rgMs)),
      );
    }
    return { figures, details } satisfies BenchOutcome;
  },
};

interface InProcessComparison {
  toolMs: number[];
  rgMs: number[];
  total: number;
  rgJsonBytes: number;
}

/**
 * The tool's execute against ripgrep alone, alternating which goes first so neither
 * always meets a warmer cache; one unmeasured warm-up pair first.
 */
async function compareInProcess(context: BenchContext, root: string, pattern: string): Promise<InProcessComparison> {
  const workspace = await createWorkspace(root);
  const spill = createSpillStore(path.join(context.scratch, 'grep-spill'));
  const toolMs: number[] = [];
  const rgMs: number[] = [];
  let total = 0;
  let rgJsonBytes = 0;

  const timeTool = async (): Promise<number> => {
    const call = await timeToolCall('grep', { pattern }, workspace, spill);
    total = call.total;
    return call.ms;
  };
  const timeRipgrep = async (): Promise<number> => {
    const run = await spawnAndDrain(rgPath, ['--no-config', '--json', `--regexp=${pattern}`, '--', '.'], root);
    rgJsonBytes = run.stdoutBytes;
    return run.ms;
  };

  for (let index = -1; index < context.runs; index += 1) {
    const toolFirst = index % 2 === 0;
    const first = toolFirst ? await timeTool() : await timeRipgrep();
    const second = toolFirst ? await timeRipgrep() : await timeTool();
    if (index < 0) continue; // warm-up
    toolMs.push(toolFirst ? first : second);
    rgMs.push(toolFirst ? second : first);
  }
  return { toolMs, rgMs, total, rgJsonBytes };
}

/** Start-up included: `toolcards tool grep` (Node + tsx + the CLI) against the rg binary. */
async function compareProcesses(context: BenchContext, root: string, pattern: string): Promise<{ toolcardsMs: number[]; rgMs: number[] }> {
  const toolcardsBin = path.join(context.repoRoot, 'packages/server/bin/toolcards.mjs');
  const toolcardsArgs = [toolcardsBin, 'tool', 'grep', JSON.stringify({ pattern }), '--workspace', root, '--json'];
  const rgArgs = ['--no-config', '--json', `--regexp=${pattern}`, '--', '.'];
  // The command spills into os.tmpdir(): point that at our scratch folder, which the runner removes.
  const toolcardsEnv = { ...process.env, TMPDIR: await mkdtemp(path.join(context.scratch, 'toolcards-process-')) };
  const toolcardsMs: number[] = [];
  const rgMs: number[] = [];
  for (let index = -1; index < context.runs; index += 1) {
    const toolcards = await spawnAndDrain(process.execPath, toolcardsArgs, root, toolcardsEnv);
    const rg = await spawnAndDrain(rgPath, rgArgs, root);
    if (index < 0) continue; // warm-up: tsx's transform cache, the page cache
    toolcardsMs.push(toolcards.ms);
    rgMs.push(rg.ms);
  }
  return { toolcardsMs, rgMs };
}

