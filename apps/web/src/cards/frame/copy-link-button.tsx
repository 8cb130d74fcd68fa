import { CopyButton } from './copy-button';
import { useCardAddress } from './card-address';

/**
 * "Copy link": the page's link to this card (to its selected lines, for a card that has
 * lines), never with the token. Nothing without an address (gallery stories).
 */
export function CopyLinkButton({ withLines = false }: { withLines?: boolean }) {
  const address = useCardAddress();
  if (address === null) return null;
  const lines = withLines ? address.lines : undefined;
  const what = lines === undefined ? 'this card' : lines.start === lines.end ? `line ${lines.start}` : `lines ${lines.start}–${lines.end}`;
  return <CopyButton text={() => address.link(lines)} label="Copy link" title={`Copy a link to ${what}`} />;
}
