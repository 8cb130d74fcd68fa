import { useEffect, useState } from 'react';
import { useSessionState } from '../store/client-context';

const DISMISSED_STORAGE_KEY = 'toolcards.no-model-note-dismissed';

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(DISMISSED_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The one place that says there is no model. Dismissed, it stays away (in this browser)
 * until a message goes unanswered for want of one: then it is what explains why.
 */
export function NoModelNote() {
  const modelNeededSerial = useSessionState((state) => state.modelNeededSerial);
  const [dismissed, setDismissed] = useState(dismissedBefore);
  useEffect(() => {
    if (modelNeededSerial > 0) setDismissed(false);
  }, [modelNeededSerial]);
  if (dismissed) return null;
  return (
    <div className="composer__notice" role="note" aria-label="No model configured">
      {/* One of the two shows (app.css): a phone gets the two lines that matter. */}
      <p className="composer__notice-long">
        No model is configured: text messages are saved but not answered. Set <code>TOOLCARDS_API_KEY</code> or{' '}
        <code>DEEPSEEK_API_KEY</code> and restart toolcards. <code>/read</code>, <code>/grep</code> and <code>/glob</code> work without a key.
      </p>
      <p className="composer__notice-short">
        No model: messages are not answered. Set <code>TOOLCARDS_API_KEY</code> and restart; commands work.
      </p>
      <button
        type="button"
        className="composer__notice-dismiss"
        aria-label="Dismiss the no-model note"
        onClick={() => {
          setDismissed(true);
          try {
            localStorage.setItem(DISMISSED_STORAGE_KEY, '1');
          } catch {
            // It comes back on the next load.
          }
        }}
      >
        ×
      </button>
    </div>
  );
}
