import { useMemo } from 'react';
import { TOKEN_STORAGE_KEY } from '../app/start-token';
import { ExportDialog, type ExportDialogProps } from './export-dialog';
import { httpExportApi, saveFile, type ExportApi } from './export-api';

export interface ExportDialogOverHttpProps extends Omit<ExportDialogProps, 'api' | 'onFile'> {
  /** The server's export routes unless given (tests, stories). */
  api?: ExportApi;
  /** The file was saved (downloaded). */
  onSaved: () => void;
}

/**
 * The Export dialog talking to this page's server, and saving what it fetched: in the
 * dialog's lazily loaded chunk, so the page's first bundle carries only the Export button.
 */
export function ExportDialogOverHttp({ api, onSaved, ...props }: ExportDialogOverHttpProps) {
  const exportApi = useMemo(() => api ?? httpExportApi(pageToken()), [api]);
  return (
    <ExportDialog
      {...props}
      api={exportApi}
      onFile={(file) => {
        saveFile(file);
        onSaved();
      }}
    />
  );
}

/** The page's token, where the start URL left it (app/start-token.ts); the cookie authorizes without one. */
function pageToken(): string | undefined {
  try {
    return sessionStorage.getItem(TOKEN_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
