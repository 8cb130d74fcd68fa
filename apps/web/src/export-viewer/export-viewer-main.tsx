import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyThemeChoice, storedThemeChoice } from '../app/theme';
import { exportFileData, ExportFileError } from './export-file-data';
import { exportRows } from './export-rows';
import { ExportViewer } from './export-viewer';
import { keepPrecomputedHighlights } from './precomputed-highlights';
import '../styles/theme.css';
import '../app/app.css';
import '../cards/cards.css';
import './export-viewer.css';

// The exported file's entry (vite.export-viewer.config.ts): inlined in the file by the server,
// it reads the file's data blocks and draws the session with the app's cards.
applyThemeChoice(document.documentElement, storedThemeChoice(safeStorage()));

const root = document.getElementById('root');
if (root) {
  try {
    const data = exportFileData((id) => document.getElementById(id)?.textContent ?? undefined);
    keepPrecomputedHighlights(
      data.items.flatMap((item) => item.highlights ?? []),
      data.styles,
    );
    const rows = exportRows(data.items);
    createRoot(root).render(
      <StrictMode>
        <ExportViewer header={data.header} rows={rows} />
      </StrictMode>,
    );
  } catch (error) {
    root.textContent = error instanceof ExportFileError ? `${error.message} (${error.code})` : `This export file could not be shown: ${String(error)}`;
  }
}

/** A file opened where storage is refused still opens, following the system theme. */
function safeStorage(): Pick<Storage, 'getItem'> {
  try {
    return localStorage;
  } catch {
    return { getItem: () => null };
  }
}
