/** Whole-process entry for `toolcards tool …` (scripts and benchmarks spawn this). */
import { runToolCommand } from './tool-command';

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());

process.exitCode = await runToolCommand(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  signal: controller.signal,
});
