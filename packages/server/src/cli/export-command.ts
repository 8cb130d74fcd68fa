import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parseCommandLine } from '@toolcards/tools/command-line';
import { resolveDataDir } from '@toolcards/session';
import { openExportDocument } from '../export/export-document';
import { ExportError } from '../export/export-error';
import { exportFileName, exportFormatOf, writeExport } from '../export/export-format';
import { MASK_ALL, MASK_NONE } from '../export/masking/mask-settings';

export const EXPORT_USAGE = `Usage:
  toolcards export <session-id|path> [--out FILE] [--format html|md] [--from SEQ --to SEQ] [--no-mask] [--data-dir DIR]

  A session of the data dir by its id, or a Claude Code or Codex transcript by its path.
  Secrets, and your home folder (shown as ~), are masked unless --no-mask; what was masked
  is printed. Without --out: Markdown goes to stdout, HTML to ./toolcards-<id>.html.`;

/** What the command uses of the CLI's io (cli.ts's CliIo meets it). */
export interface ExportCommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  cwd: string;
  env: Record<string, string | undefined>;
}

const OPTIONS = {
  out: { type: 'string' },
  format: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  mask: { type: 'boolean' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `toolcards export …`: 0 written, 1 it failed while writing, 2 bad input (a typed ExportError, said on stderr). */
export async function runExportCommand(argv: readonly string[], io: ExportCommandIo): Promise<number> {
  const parsed = parseCommandLine({ args: [...argv], options: OPTIONS, allowNegative: true });
  if ('refused' in parsed) return refuse(io, `${parsed.option}: ${parsed.refused}`);
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(`${EXPORT_USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) return refuse(io, positionals.length === 0 ? 'give a session id or the path of a transcript' : `unexpected argument "${positionals[1]}"`);
  const target = positionals[0]!;
  try {
    const format = exportFormatOf(values.format);
    const from = seqOf('--from', values.from);
    const to = seqOf('--to', values.to);
    const dataDir = resolveDataDir({ flag: values['data-dir'], env: io.env, cwd: io.cwd });
    const byPath = target.includes('/') || target.includes('\\') || target.endsWith('.jsonl');
    const doc = await openExportDocument({
      dataDir,
      ...(byPath ? { transcriptPath: resolve(io.cwd, target) } : { sessionId: target }),
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
      mask: values.mask === false ? MASK_NONE : MASK_ALL,
    });
    const outPath = values.out !== undefined ? resolve(io.cwd, values.out) : format === 'html' ? resolve(io.cwd, exportFileName(doc.header.sessionId, format)) : undefined;
    if (outPath === undefined) {
      await writeExport(doc, format, io.stdout as Writable);
    } else {
      // Written beside, then renamed: a failed export never leaves half a file under the name.
      const partial = `${outPath}.partial`;
      const file = createWriteStream(partial, { mode: 0o600 });
      try {
        await writeExport(doc, format, file);
        file.end();
        await finished(file);
        await rename(partial, outPath);
      } catch (error) {
        file.destroy();
        await rm(partial, { force: true });
        throw error;
      }
      io.stderr.write(`toolcards: wrote ${outPath}\n`);
    }
    const masked = doc.header.masked.map((entry) => `${entry.rule}: ${entry.count}`);
    io.stderr.write(values.mask === false ? 'toolcards: not masked (--no-mask)\n' : `toolcards: masked ${masked.length > 0 ? masked.join(', ') : 'nothing (no secret found)'}\n`);
    if (doc.header.stillBeingWritten) io.stderr.write('toolcards: the session is still being written: exported what it held now\n');
    return 0;
  } catch (error) {
    if (error instanceof ExportError) return refuse(io, `${error.message} [${error.code}]`);
    io.stderr.write(`toolcards export: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function seqOf(option: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new ExportError('BAD_RANGE', `${option} needs a seq (a whole number from 0), not "${text}"`);
  return Number(text);
}

function refuse(io: ExportCommandIo, message: string): number {
  io.stderr.write(`toolcards export: ${message}\n`);
  return 2;
}
