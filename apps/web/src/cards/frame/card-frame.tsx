import type { ReactNode } from 'react';
import { BidiWarning } from '../text/bidi-warning';
import { escapedText } from '../text/invisible-characters';
import { useCardAddress } from './card-address';
import { CopyLinkButton } from './copy-link-button';
import { PinButton } from '../../pins/pin-button';
import { useSessionPins } from '../../pins/pins-provider';
import { ExportRangeButton } from '../../export/export-range-button';
import { useCardInExportRange } from '../../export/export-range-context';
import '../cards.css';

interface CardFrameProps {
  variant: 'generic' | 'read' | 'search' | 'call' | 'diff' | 'plan' | 'terminal';
  /** The card's accessible name. */
  label: string;
  heading: ReactNode;
  /** Secondary header text: a language, a range, a status. */
  details?: ReactNode;
  actions?: ReactNode;
  isError?: boolean;
  busy?: boolean;
  /** Some text of the card holds bidi controls: a banner says so above the body. */
  hasBidiControls?: boolean;
  children?: ReactNode;
}

/** The box every card shares: a header line (heading, details, actions) over a body. */
export function CardFrame({ variant, label, heading, details, actions, isError, busy, hasBidiControls, children }: CardFrameProps) {
  // A result card in the timeline has an address: "Copy link" after the card's own actions.
  const address = useCardAddress();
  const hasLink = address !== null && variant !== 'call';
  // "Pin" beside it: the session's pins (pins/), none outside the workbench.
  const pins = useSessionPins();
  // A range chosen for export marks its cards (export/); "Export from here" beside Pin.
  const inExportRange = useCardInExportRange(hasLink ? address.seq : undefined);
  const className = ['tc-card', `tc-card--${variant}`, isError ? 'tc-card--error' : '', inExportRange ? 'tc-card--export-range' : ''].filter(Boolean).join(' ');
  return (
    // An article: cards are the items of the timeline's feed, not landmarks of the page.
    // The name comes from file names and titles: never a raw control in it.
    <article className={className} aria-label={escapedText(label)} aria-busy={busy === undefined ? undefined : busy}>
      <header className="tc-card__header">
        <div className="tc-card__heading">{heading}</div>
        {details !== undefined && <div className="tc-card__details">{details}</div>}
        {(actions !== undefined || hasLink) && (
          <div className="tc-card__actions">
            {actions}
            {hasLink && <PinButton pins={pins} seq={address.seq} label={label} />}
            {hasLink && <ExportRangeButton seq={address.seq} label={label} />}
            {hasLink && <CopyLinkButton withLines={variant === 'read'} />}
          </div>
        )}
      </header>
      {hasBidiControls === true && <BidiWarning />}
      {children}
    </article>
  );
}
