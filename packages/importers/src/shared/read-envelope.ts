import type { ReadMeta } from '@toolcards/protocol';

/** Our read tool's model text around the window, so the read presenter accepts the result as its own. */
export function readEnvelopeText(meta: ReadMeta): string {
  const numbered = meta.lines.map((line) => `${line.number}: ${line.text}`).join('\n');
  const first = meta.lines[0]?.number;
  const last = meta.lines.at(-1)?.number;
  const footer =
    meta.totalLines === 0
      ? '(Empty file - 0 lines)'
      : last === meta.totalLines
        ? `(End of file - ${meta.totalLines} line${meta.totalLines === 1 ? '' : 's'} total)`
        : `(Showing lines ${first ?? meta.offset}-${last ?? meta.offset} of ${meta.totalLines}. Use offset=${(last ?? meta.offset - 1) + 1} to continue.)`;
  const body = numbered === '' ? footer : `${numbered}\n\n${footer}`;
  return `<path>${meta.path}</path>\n<type>file</type>\n<content>\n${body}\n</content>`;
}
