import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** What the server last mirrored of one transcript: later starts map only what grew. */
const mirroredTranscriptSchema = z.object({
  source: z.enum(['claude-code', 'codex']),
  mirrorId: z.string(),
  /** Bytes of the transcript mapped (always at a line's end). */
  offset: z.number().int().min(0),
  /** The file as it was at that offset: a different inode, or a size below the offset, is a replaced or truncated file. */
  dev: z.number(),
  ino: z.number(),
  size: z.number(),
  mtimeMs: z.number(),
  /** The agent's own title for the session (importer facts). */
  title: z.string().optional(),
  /** Records the importer did not recognise (format drift), as the session's summary reports them. */
  notUnderstood: z.object({ total: z.number().int().min(1), types: z.array(z.string()) }).optional(),
});
export type MirroredTranscript = z.infer<typeof mirroredTranscriptSchema>;

const mirrorIndexSchema = z.object({ version: z.literal(1), transcripts: z.record(z.string(), mirroredTranscriptSchema) });

export const MIRROR_INDEX_FILE = 'agent-sessions.json';

/** The data dir's `agent-sessions.json`: transcript path → what was mirrored. A cache: losing it only costs one re-import. */
export class MirrorIndex {
  private persistTimer: NodeJS.Timeout | undefined;
  private persisting: Promise<void> = Promise.resolve();

  private constructor(
    private readonly path: string,
    readonly transcripts: Map<string, MirroredTranscript>,
    private readonly report: (message: string) => void,
  ) {}

  static async load(dataDir: string, report: (message: string) => void): Promise<MirrorIndex> {
    const path = join(dataDir, MIRROR_INDEX_FILE);
    let entries = new Map<string, MirroredTranscript>();
    try {
      const parsed = mirrorIndexSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
      if (parsed.success) entries = new Map(Object.entries(parsed.data.transcripts));
      else report(`${path} is not an agent session index: every transcript is mapped again`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') report(`could not read ${path}: ${(error as Error).message}; every transcript is mapped again`);
    }
    return new MirrorIndex(path, entries, report);
  }

  get(path: string): MirroredTranscript | undefined {
    return this.transcripts.get(path);
  }

  set(path: string, entry: MirroredTranscript): void {
    this.transcripts.set(path, entry);
    this.persistTimer ??= setTimeout(() => {
      this.persistTimer = undefined;
      void this.persist();
    }, 500);
    this.persistTimer.unref();
  }

  async flush(): Promise<void> {
    if (this.persistTimer) {
      clearTimeout(this.persistTimer);
      this.persistTimer = undefined;
      await this.persist();
    }
    await this.persisting;
  }

  private persist(): Promise<void> {
    const text = JSON.stringify({ version: 1, transcripts: Object.fromEntries(this.transcripts) });
    this.persisting = this.persisting.then(async () => {
      const temporary = `${this.path}.${process.pid}.tmp`;
      try {
        await writeFile(temporary, text, { mode: 0o600 });
        await rename(temporary, this.path);
      } catch (error) {
        this.report(`could not save the agent session index: ${(error as Error).message}`);
      }
    });
    return this.persisting;
  }
}
