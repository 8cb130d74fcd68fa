import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyThemeChoice, storedThemeChoice } from '../app/theme';
import type { ExportStyle } from '@toolcards/protocol';
import { exportFileBlock, exportFileHeader, ExportFileError } from './export-file-data';
import { ExportRows } from './export-rows';
import { ExportViewer, type ExportRowsSource } from './export-viewer';
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
    const blockText = (id: string) => document.getElementById(id)?.textContent ?? undefined;
    const header = exportFileHeader(blockText);
    createRoot(root).render(
      <StrictMode>
        <ExportViewer header={header} source={rowsSource(blockText)} />
      </StrictMode>,
    );
  } catch (error) {
    root.textContent = error instanceof ExportFileError ? `${error.message} (${error.code})` : `This export file could not be shown: ${String(error)}`;
  }
}

/**
 * The first block of items at once (the first screen; this script follows it in the file),
 * each later block in a task of its own once the browser has parsed the whole file: a
 * 3,000-call file's JSON is parsed while its first cards are already on screen.
 */
function rowsSource(blockText: (id: string) => string | undefined): ExportRowsSource {
  const rows = new ExportRows();
  let styles: ExportStyle[] = [];
  const take = (index: number) => {
    const block = exportFileBlock(blockText, index);
    if (!block) return undefined;
    styles = styles.concat(block.styles);
    keepPrecomputedHighlights(
      block.items.flatMap((item) => item.highlights ?? []),
      styles,
    );
    return rows.add(block.items);
  };
  const first = take(0);
  if (first === undefined) throw new ExportFileError('EXPORT_DATA_MISSING', 'This export file is damaged: its first block of items is missing.');
  return {
    first,
    rest(onRows, onDone) {
      let index = 1;
      let stopped = false;
      const next = () => {
        if (stopped) return;
        const taken = take(index);
        if (taken === undefined) return onDone();
        onRows(taken);
        index += 1;
        setTimeout(next, 0);
      };
      const start = () => setTimeout(next, 0);
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
      else start();
      return () => {
        stopped = true;
        document.removeEventListener('DOMContentLoaded', start);
      };
    },
  };
}

/** A file opened where storage is refused still opens, following the system theme. */
function safeStorage(): Pick<Storage, 'getItem'> {
  try {
    return localStorage;
  } catch {
    return { getItem: () => null };
  }
}
