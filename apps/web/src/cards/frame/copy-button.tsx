import { useEffect, useState } from 'react';

type CopyStatus = 'idle' | 'copied' | 'failed';

const FEEDBACK_MS = 1500;

/** Copies `text()` (computed on click: a window's code can be large) and says so visibly. */
export function CopyButton({ text, label = 'Copy', note }: { text: () => string; label?: string; note?: string }) {
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

  return (
    <button type="button" className="tc-card__action" data-status={status} title={note} onClick={() => void copy()}>
      <span aria-live="polite">{status === 'copied' ? (note === undefined ? 'Copied' : `Copied — ${note}`) : status === 'failed' ? 'Copy failed' : label}</span>
    </button>
  );
}
