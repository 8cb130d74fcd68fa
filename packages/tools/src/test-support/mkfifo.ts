import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** A named pipe: reading it blocks until a writer comes, which never does in these tests. */
export async function mkfifo(path: string): Promise<void> {
  await promisify(execFile)('mkfifo', [path]);
}
