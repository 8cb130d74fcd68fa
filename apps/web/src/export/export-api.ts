import { exportFilePath, exportPreviewPath, fileNameOf, type ExportFileQuery, type ExportRange } from './export-query';
import type { ExportPreview } from '@toolcards/protocol';
import { exportPreviewFromJson } from './export-preview';

/** A refused export: the server's message (it names the code), or what went wrong on the way. */
export class ExportRequestError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
    this.name = 'ExportRequestError';
  }
}

export interface ExportFile {
  blob: Blob;
  fileName: string;
}

/** The export routes, as the dialog uses them. */
export interface ExportApi {
  preview(sessionId: string, range: ExportRange, words: readonly string[], signal?: AbortSignal): Promise<ExportPreview>;
  file(sessionId: string, query: ExportFileQuery): Promise<ExportFile>;
}

/**
 * Over HTTP, same origin: authorized by the page's token when it holds one (bearer), else by
 * the cookie the start URL left. The file is fetched whole, then saved: a plain link could
 * not carry the bearer.
 */
export function httpExportApi(token: string | undefined, fetchImpl: typeof fetch = (...args) => fetch(...args)): ExportApi {
  const headers = (accept: string): HeadersInit => (token === undefined ? { Accept: accept } : { Accept: accept, Authorization: `Bearer ${token}` });
  return {
    async preview(sessionId, range, words, signal) {
      const response = await fetchImpl(exportPreviewPath(sessionId, range, words), { headers: headers('application/json'), ...(signal ? { signal } : {}) });
      const body = await response.json().catch(() => undefined);
      if (!response.ok) throw new ExportRequestError(problemOf(body) ?? `The preview failed (HTTP ${response.status}).`, response.status);
      const preview = exportPreviewFromJson(body);
      if (!preview) throw new ExportRequestError("The server's preview is not what this page expects.", response.status);
      return preview;
    },
    async file(sessionId, query) {
      const response = await fetchImpl(exportFilePath(sessionId, query), { headers: headers('*/*') });
      if (!response.ok) {
        const body = await response.json().catch(() => undefined);
        throw new ExportRequestError(problemOf(body) ?? `The export failed (HTTP ${response.status}).`, response.status);
      }
      return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition'), sessionId, query.format) };
    },
  };
}

function problemOf(body: unknown): string | undefined {
  const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
  return typeof message === 'string' ? message : undefined;
}

/** Saves a fetched file as a download. */
export function saveFile({ blob, fileName }: ExportFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click's navigation has taken the URL.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
