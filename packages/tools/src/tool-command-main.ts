/** Whole-process entry for `toolcards tool …` (scripts and benchmarks spawn this). */
import { runToolCommand } from './tool-command';

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
// `… | head` closes the pipe early: that is the reader's choice, not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await runToolCommand(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  signal: controller.signal,
});
