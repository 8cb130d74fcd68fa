import path from 'node:path';
import { rgPath } from '@vscode/ripgrep';
import { createSpillStore, createWorkspace } from '@toolcards/tools';
import type { BenchDefinition } from '../bench-context';
import { measuredFigure } from '../figures';
import { pairwiseRatios } from '../stats';
import { spawnAndDrain } from './spawn-drain';
import { timeToolCall } from './time-tool-call';

const GLOB = '**/*.js';

/** The glob tool's ripgrep flags (packages/tools/src/glob/glob-search.ts), repeated here on purpose: the baseline must not move with the tool. */
function ripgrepFilesArgs(glob: string): string[] {
  return [
    '--no-config', '--files', '--null', `--glob=${glob}`, '--sort=modified', '--hidden', '--no-ignore',
    '--glob=!.git', '--glob=!.hg', '--glob=!.svn', '--', '.',
  ];
}

export const globBench: BenchDefinition = {
  name: 'glob',
  about: 'glob tool vs `rg --files` with the same flags and glob, both from this process, on the node_modules copy',
  async run(context) {
    const tree = await context.largeTree();
    const workspace = await createWorkspace(tree.root);
    const spill = createSpillStore(path.join(context.scratch, 'glob-spill'));
    const toolMs: number[] = [];
    const rgMs: number[] = [];
    let total = 0;

    const timeTool = async (): Promise<number> => {
      const call = await timeToolCall('glob', { pattern: GLOB }, workspace, spill);
      total = call.total;
      return call.ms;
    };
    const timeRipgrep = async (): Promise<number> => (await spawnAndDrain(rgPath, ripgrepFilesArgs(GLOB), tree.root)).ms;

    for (let index = -1; index < context.runs; index += 1) {
      const toolFirst = index % 2 === 0;
      const first = toolFirst ? await timeTool() : await timeRipgrep();
      const second = toolFirst ? await timeRipgrep() : await timeTool();
      if (index < 0) continue; // warm-up
      toolMs.push(toolFirst ? first : second);
      rgMs.push(toolFirst ? second : first);
    }
    const what = `glob "${GLOB}" (${total.toLocaleString('en-US')} files)`;
    return {
      figures: [
        measuredFigure('glob.tool', `${what}: glob tool, in-process`, 'ms', toolMs),
        measuredFigure('glob.rg', `${what}: rg --files drained`, 'ms', rgMs),
        measuredFigure('glob.ratio', `${what}: tool / rg`, 'ratio', pairwiseRatios(toolMs, rgMs), { op: '≤', value: 1.15 }),
      ],
    };
  },
};
