import { useEffect, useState, type ReactNode } from 'react';

type CopyStatus = 'idle' | 'copied' | 'failed';

const FEEDBACK_MS = 1500;

interface CopyButtonProps {
  text: () => string;
  label?: string;
  note?: string;
  /** An icon-sized button: the glyph shows, the words stay its accessible name (and are announced on copy). */
  icon?: ReactNode;
  /** The tooltip; default `note`. */
  title?: string;
  tabIndex?: number;
}

/** Copies `text()` (computed on click: a window's code can be large) and says so visibly. */
export function CopyButton({ text, label = 'Copy', note, icon, title = note, tabIndex }: CopyButtonProps) {
  const [status, setStatus] = useState<CopyStatus>('idle');

  useEffect(() => {
    if (status === 'idle') return undefined;
    const timer = setTimeout(() => setStatus('idle'), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setStatus('copied');
    } catch {
      // No clipboard (insecure context, denied permission): say so rather than pretend.
      setStatus('failed');
    }
  };

  const words = status === 'copied' ? (note === undefined ? 'Copied' : `Copied — ${note}`) : status === 'failed' ? 'Copy failed' : label;
  if (icon !== undefined) {
    return (
      <button type="button" className="tc-icon-action" data-status={status} title={title} tabIndex={tabIndex} onClick={() => void copy()}>
        <span aria-hidden="true">{status === 'copied' ? '✓' : status === 'failed' ? '!' : icon}</span>
        <span className="tc-visually-hidden" aria-live="polite">
          {words}
        </span>
      </button>
    );
  }
  return (
    <button type="button" className="tc-card__action" data-status={status} title={title} tabIndex={tabIndex} onClick={() => void copy()}>
      <span aria-live="polite">{words}</span>
    </button>
  );
}
