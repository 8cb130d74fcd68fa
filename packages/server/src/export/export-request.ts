import type { Writable } from 'node:stream';
import type { HttpErrorCode } from '@toolcards/protocol';
import type { ExportPreview } from '@toolcards/protocol';
import { openExportDocument, previewExport } from './export-document';
import { ExportError, exportErrorStatus } from './export-error';
import { exportContentType, exportFileName, exportFormatOf, writeExport } from './export-format';
import { MASK_NONE, type MaskSettings } from './masking/mask-settings';

/**
 * The export routes' answers, apart from HTTP (http/api.ts sends them):
 *   GET /api/sessions/:id/export/preview?from=&to=&words= → what masking will hide
 *   GET /api/sessions/:id/export?format=html|md&from=&to=&unmask=id,id&words=w,w&mask=0|1 → the file
 */
export type ExportRefusal = { ok: false; status: number; code: HttpErrorCode; message: string };

export interface ExportFileAnswer {
  ok: true;
  fileName: string;
  contentType: string;
  /** Streams the file into `out` (the document is opened already: a bad session was refused before any byte). */
  write(out: Writable): Promise<void>;
}

export async function exportPreviewAnswer(dataDir: string, sessionId: string, params: URLSearchParams): Promise<{ ok: true; body: ExportPreview } | ExportRefusal> {
  try {
    const range = rangeParams(params);
    return { ok: true, body: await previewExport({ dataDir, sessionId, ...range, words: listParam(params, 'words') }) };
  } catch (error) {
    return refusalOf(error);
  }
}

/** `busyHere`: whether this server, if it holds the session's writer, is writing now. */
export async function exportFileAnswer(dataDir: string, sessionId: string, params: URLSearchParams, busyHere?: boolean): Promise<ExportFileAnswer | ExportRefusal> {
  try {
    const format = exportFormatOf(params.get('format') ?? undefined);
    const mask: MaskSettings = params.get('mask') === '0' ? MASK_NONE : { enabled: true, unmask: listParam(params, 'unmask'), words: listParam(params, 'words') };
    const doc = await openExportDocument({ dataDir, sessionId, ...rangeParams(params), mask, ...(busyHere === undefined ? {} : { busyHere }) });
    return { ok: true, fileName: exportFileName(doc.header.sessionId, format), contentType: exportContentType(format), write: (out) => writeExport(doc, format, out) };
  } catch (error) {
    return refusalOf(error);
  }
}

function rangeParams(params: URLSearchParams): { from?: number; to?: number } {
  const range: { from?: number; to?: number } = {};
  for (const name of ['from', 'to'] as const) {
    const text = params.get(name);
    if (text === null || text === '') continue;
    if (!/^\d+$/.test(text)) throw new ExportError('BAD_RANGE', `${name} needs a seq (a whole number from 0), not ${JSON.stringify(text.slice(0, 40))}`);
    range[name] = Number(text);
  }
  return range;
}

/** `a,b` and repeated `?words=a&words=b` alike; empty entries dropped. */
function listParam(params: URLSearchParams, name: string): string[] {
  return params.getAll(name).flatMap((value) => value.split(',')).map((value) => value.trim()).filter((value) => value !== '');
}

function refusalOf(error: unknown): ExportRefusal {
  if (!(error instanceof ExportError)) throw error;
  return { ok: false, status: exportErrorStatus(error.code), code: error.code === 'UNKNOWN_SESSION' ? 'UNKNOWN_SESSION' : 'BAD_REQUEST', message: `${error.message} [${error.code}]` };
}
