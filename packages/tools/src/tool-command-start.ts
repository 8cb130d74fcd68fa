import { ripgrepSandboxSupport } from './ripgrep/ripgrep-sandbox';

/** The tools that run ripgrep, so wait for the sandbox probe (see ripgrep-sandbox.ts). */
const RIPGREP_TOOLS: readonly string[] = ['grep', 'glob'];

/**
 * What a `toolcards tool …` command would otherwise wait for, started before the tools load
 * (its own small chunk in the bundle): for grep and glob, the sandbox probe, a bwrap process
 * that then runs while Node compiles the tools and zod. The call reuses its answer. `argv` is
 * what follows `tool`; a guess from it that is wrong costs one probe, or only the head start.
 */
export function startToolCommand(argv: readonly string[]): void {
  if (argv.some((word) => RIPGREP_TOOLS.includes(word))) void ripgrepSandboxSupport();
}
