/**
 * ripgrep's heap cap for grep (measured as address space, which runs about
 * twice its RSS). Streaming, a 50 MB line needs under 32 MB of it: the line
 * is read through a memory map, which the cap does not count. What does not
 * fit is a line matched about a million times: --json lists every match, at
 * some 270 bytes each (an 8 MB line matching `b` needed 1.15 GB).
 */
export const GREP_MEMORY_LIMIT_BYTES = 256 * 1024 * 1024;

/** One thread streams each record as it is found; a memory map keeps long lines off the heap. */
const STREAMING = ['--threads=1', '--mmap'];

/**
 * The ripgrep flags grep tries in turn while ripgrep hits the cap. A folder
 * is first searched in parallel, which holds each file's whole output until
 * the file is done (a 29 MB file of 2M matching lines took 537 MB): one
 * streaming thread then fits. A line with too many matches stops that too;
 * the last step flushes every record so the file it stopped in is known.
 * Flushing per record costs 2x on big outputs, hence only as the last step.
 * ripgrep already searches a single file with one thread and a map.
 */
export function grepRunSteps(oneFile: boolean): readonly (readonly string[])[] {
  const named = [...STREAMING, '--line-buffered'];
  return oneFile ? [[], named] : [[], STREAMING, named];
}

/** A glob that leaves out files of this name, metacharacters escaped. */
function excludeGlob(shownPath: string): string {
  const name = shownPath.slice(shownPath.lastIndexOf('/') + 1);
  return `!${name.replace(/[*?[\]{}\\]/g, '\\$&')}`;
}

/** The error text when grep stopped at the cap; `found` is the rendered matches found before it, if any. */
export function grepMemoryLimitMessage(limitBytes: number, file: string | undefined, found: string | undefined): string {
  const limit = `${Math.round(limitBytes / (1024 * 1024))} MB`;
  const where = file === undefined ? '' : ` in ${file}`;
  const leaveOut = file === undefined ? 'narrow the path or the include glob' : `narrow the path, or leave the file out with include ${JSON.stringify(excludeGlob(file))}`;
  const message =
    `grep stopped: ripgrep reached its memory limit (${limit})${where}, on a line with too many matches to list (or too long to hold). ` +
    'A short pattern can match millions of times on one line of a minified or data file, and ripgrep lists each match. ' +
    `Search with a more specific pattern, or ${leaveOut}.`;
  return found === undefined ? message : `${message}\n\nFound before it stopped (files it had not reached are missing):\n${found}`;
}
