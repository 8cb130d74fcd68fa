import { EXPORT_DATA_IDS, type ExportFileBlock, type ExportFileHeader, type ExportFileItem, type ExportStyle } from '@toolcards/protocol';

/**
 * Reads what an exported HTML file carries, in its `<script type="application/json">` blocks
 * (written by packages/server/src/export/html/; their shapes are protocol's export-file.ts):
 * the export's header, the items (the same event + view pairs the socket's history sends,
 * masked), each with the highlighting its card will ask for, and the style table those
 * tokens index.
 */

export class ExportFileError extends Error {
  constructor(readonly code: 'EXPORT_DATA_MISSING' | 'EXPORT_DATA_INVALID', message: string) {
    super(message);
    this.name = 'ExportFileError';
  }
}

type BlockText = (id: string) => string | undefined;

/** The file's header; a clear error when it is missing or is not JSON. */
export function exportFileHeader(blockText: BlockText): ExportFileHeader {
  const header = parsed(blockText, EXPORT_DATA_IDS.header);
  if (typeof header !== 'object' || header === null) throw new ExportFileError('EXPORT_DATA_INVALID', 'This export file is damaged: its header has the wrong shape.');
  return header as ExportFileHeader;
}

/** Block `index`, or undefined when the file has no such block (yet: the browser may still be parsing it). */
export function exportFileBlock(blockText: BlockText, index: number): ExportFileBlock | undefined {
  const itemsId = `${EXPORT_DATA_IDS.itemsPrefix}${index}`;
  if (blockText(itemsId) === undefined) return undefined;
  const items = parsed(blockText, itemsId);
  const styles = parsed(blockText, `${EXPORT_DATA_IDS.stylesPrefix}${index}`);
  if (!Array.isArray(items) || !Array.isArray(styles)) throw new ExportFileError('EXPORT_DATA_INVALID', `This export file is damaged: its block ${index} is not a list.`);
  return { items: items as ExportFileItem[], styles: styles as ExportStyle[] };
}

function parsed(blockText: (id: string) => string | undefined, id: string): unknown {
  const text = blockText(id);
  if (text === undefined) throw new ExportFileError('EXPORT_DATA_MISSING', `This export file is damaged: its ${id} block is missing.`);
  try {
    return JSON.parse(text);
  } catch {
    throw new ExportFileError('EXPORT_DATA_INVALID', `This export file is damaged: its ${id} block is not JSON.`);
  }
}
