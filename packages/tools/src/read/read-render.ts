import type { ReadWindow } from './read-window';

/**
 * The read tool's model text: the `<path>/<type>/<content>` envelope around
 * `N: text` lines and exactly one footer. `unwrapReadEnvelope` is its inverse.
 */

function envelopeHead(path: string): string {
  return `<path>${path}</path>\n<type>file</type>\n<content>\n`;
}
const ENVELOPE_TAIL = '\n</content>';

export function renderReadText(path: string, window: ReadWindow, maxWindowBytes: number): string {
  return envelopeHead(path) + renderReadBody(window, maxWindowBytes) + ENVELOPE_TAIL;
}

/** The envelope-stripped text: numbered lines, a blank line, the footer. */
export function renderReadBody(window: ReadWindow, maxWindowBytes: number): string {
  const numbered = window.lines.map((line) => `${line.number}: ${line.text}`).join('\n');
  const footer = readFooter(window, maxWindowBytes);
  return numbered === '' ? footer : `${numbered}\n\n${footer}`;
}

export function readFooter(window: ReadWindow, maxWindowBytes: number): string {
  const { offset, lines, totalLines } = window;
  const first = lines[0]?.number;
  const last = lines.at(-1)?.number;
  const shown = first === undefined || last === undefined ? '' : `Showing lines ${first}-${last} of ${totalLines}. `;
  const next = (last ?? offset - 1) + 1;
  switch (window.end) {
    case 'end-of-file':
      return totalLines === 0 ? '(Empty file - 0 lines)' : `(End of file - ${plural(totalLines, 'line')} total)`;
    case 'line-limit':
      return `(${shown}Use offset=${next} to continue.)`;
    case 'byte-cap':
      return first === undefined
        ? `(Output capped at ${formatBytes(maxWindowBytes)}: line ${offset} of ${totalLines} does not fit. Use offset=${offset + 1} to skip it.)`
        : `(Output capped at ${formatBytes(maxWindowBytes)}. ${shown}Use offset=${next} to continue.)`;
  }
}

/** The text between the envelope's head and tail, or undefined when `text` is not an envelope for `path`. */
export function unwrapReadEnvelope(text: string, path: string): string | undefined {
  const head = envelopeHead(path);
  if (text.length < head.length + ENVELOPE_TAIL.length) return undefined;
  if (!text.startsWith(head) || !text.endsWith(ENVELOPE_TAIL)) return undefined;
  return text.slice(head.length, text.length - ENVELOPE_TAIL.length);
}

export function formatBytes(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
