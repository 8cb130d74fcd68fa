import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ExportApi } from './export-api';
import type { ExportPreview } from '@toolcards/protocol';
import { seqOf, wordsOf, type ExportFormat, type ExportRange } from './export-query';
import type { RangeEnd } from './export-range-pick';
import { rangeEndName } from './export-range-ends';
import './export-dialog.css';

export interface ExportDialogProps {
  sessionId: string;
  api: ExportApi;
  /** A card the page's address names: the range starts there. */
  initialFrom?: number;
  /** Cards chosen in the timeline ("Export from here", "To here"): the range's ends, named as the cards. */
  picked?: { start: RangeEnd; end?: RangeEnd };
  /** The file was fetched: the shell saves it. */
  onFile: (file: { blob: Blob; fileName: string }) => void;
  onClose: () => void;
}

type PreviewState = { state: 'loading' } | { state: 'ready'; preview: ExportPreview } | { state: 'failed'; message: string };

/**
 * Export this session: the format, the whole session or a range of card seqs, what masking
 * will hide (each finding can be left in, words added), then Download. A modal dialog:
 * Escape closes it and focus comes back to the Export button.
 */
export function ExportDialog({ sessionId, api, initialFrom, picked, onFile, onClose }: ExportDialogProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [format, setFormat] = useState<ExportFormat>('html');
  const startSeq = picked?.start.seq ?? initialFrom;
  const [whole, setWhole] = useState(startSeq === undefined);
  const [fromText, setFromText] = useState(startSeq === undefined ? '' : String(startSeq));
  const [toText, setToText] = useState(picked?.end === undefined ? '' : String(picked.end.seq));
  const [mask, setMask] = useState(true);
  const [unmasked, setUnmasked] = useState<ReadonlySet<string>>(() => new Set());
  const [wordsText, setWordsText] = useState('');
  const [previewWords, setPreviewWords] = useState<readonly string[]>([]);
  const [preview, setPreview] = useState<PreviewState>({ state: 'loading' });
  const [download, setDownload] = useState<{ state: 'idle' } | { state: 'working' } | { state: 'failed'; message: string }>({ state: 'idle' });

  const from = seqOf(fromText);
  const to = seqOf(toText);
  const rangeError = whole ? undefined : (from.error ?? to.error ?? (from.seq !== undefined && to.seq !== undefined && from.seq > to.seq ? 'the range ends before it starts' : undefined));
  // The server's range brings the results of its calls that come after `to`: a range ending at a card keeps that card whole.
  const range = useMemo<ExportRange>(() => (whole ? {} : { ...(from.seq === undefined ? {} : { from: from.seq }), ...(to.seq === undefined ? {} : { to: to.seq }) }), [whole, from.seq, to.seq]);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
  }, []);

  useEffect(() => {
    if (rangeError !== undefined) return undefined;
    const controller = new AbortController();
    setPreview({ state: 'loading' });
    api.preview(sessionId, range, previewWords, controller.signal).then(
      (answer) => setPreview({ state: 'ready', preview: answer }),
      (error: unknown) => controller.signal.aborted || setPreview({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => controller.abort();
  }, [api, sessionId, range, previewWords, rangeError]);

  const words = wordsOf(wordsText);
  const start = async () => {
    if (rangeError !== undefined) return;
    setDownload({ state: 'working' });
    try {
      onFile(await api.file(sessionId, { format, ...range, mask, unmask: [...unmasked], words }));
      setDownload({ state: 'idle' });
    } catch (error) {
      setDownload({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <dialog
      ref={dialog}
      className="export-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form
        method="dialog"
        className="export-dialog__form"
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <h2 id={titleId} className="export-dialog__title">
          Export this session
        </h2>

        <fieldset className="export-dialog__group">
          <legend>Format</legend>
          <label>
            <input type="radio" name="export-format" value="html" checked={format === 'html'} onChange={() => setFormat('html')} /> HTML — one file that opens
            anywhere, cards as here
          </label>
          <label>
            <input type="radio" name="export-format" value="md" checked={format === 'md'} onChange={() => setFormat('md')} /> Markdown
          </label>
        </fieldset>

        <fieldset className="export-dialog__group">
          <legend>Range</legend>
          <label>
            <input type="radio" name="export-range" checked={whole} onChange={() => setWhole(true)} /> The whole session
          </label>
          <label>
            <input type="radio" name="export-range" checked={!whole} onChange={() => setWhole(false)} /> Cards from seq to seq
          </label>
          {!whole && (
            <div className="export-dialog__range">
              <label>
                From <input inputMode="numeric" value={fromText} onChange={(event) => setFromText(event.target.value)} placeholder="start" aria-label="From card seq" />
              </label>
              <label>
                to <input inputMode="numeric" value={toText} onChange={(event) => setToText(event.target.value)} placeholder="end" aria-label="To card seq" />
              </label>
            </div>
          )}
          {!whole && rangeError === undefined && (
            <p className="export-dialog__ends" data-testid="export-range-ends">
              From <span className="export-dialog__end">{rangeEndName(from.seq, picked?.start, 'start')}</span> — to{' '}
              <span className="export-dialog__end">{rangeEndName(to.seq, picked?.end, 'end')}</span>
            </p>
          )}
          {rangeError !== undefined && (
            <p className="export-dialog__error" role="alert">
              Range: {rangeError}
            </p>
          )}
        </fieldset>

        <fieldset className="export-dialog__group">
          <legend>Masking</legend>
          <label>
            <input type="checkbox" checked={mask} onChange={(event) => setMask(event.target.checked)} /> Mask secrets before export
          </label>
          {mask && <MaskPreview preview={preview} unmasked={unmasked} onUnmask={setUnmasked} />}
          {mask && (
            <div className="export-dialog__words">
              <label htmlFor={`${titleId}-words`}>Also mask these words (comma or one per line)</label>
              <textarea id={`${titleId}-words`} rows={2} value={wordsText} onChange={(event) => setWordsText(event.target.value)} />
              <button type="button" onClick={() => setPreviewWords(words)} disabled={words.join(',') === previewWords.join(',')}>
                Update preview
              </button>
            </div>
          )}
        </fieldset>

        {download.state === 'failed' && (
          <p className="export-dialog__error" role="alert">
            {download.message}
          </p>
        )}
        <div className="export-dialog__actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="export-dialog__download" disabled={download.state === 'working' || rangeError !== undefined}>
            {download.state === 'working' ? 'Exporting…' : 'Download'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function MaskPreview({ preview, unmasked, onUnmask }: { preview: PreviewState; unmasked: ReadonlySet<string>; onUnmask: (next: ReadonlySet<string>) => void }) {
  switch (preview.state) {
    case 'loading':
      return (
        <p className="export-dialog__note" role="status">
          Looking for secrets…
        </p>
      );
    case 'failed':
      return (
        <p className="export-dialog__error" role="alert">
          Could not list what will be masked: {preview.message}
        </p>
      );
    case 'ready': {
      const { findings, homePath } = preview.preview;
      return (
        <div className="export-dialog__findings">
          <p className="export-dialog__note" role="status">
            {findings.length === 0 ? 'No secrets found.' : `${findings.length} ${findings.length === 1 ? 'value' : 'values'} will be masked as •••• (rule). Untick one to leave it in.`}
            {homePath && ' Your home folder will be shown as ~.'}
          </p>
          {findings.length > 0 && (
            <ul className="export-dialog__finding-list" aria-label="What will be masked">
              {findings.map((finding) => (
                <li key={finding.id}>
                  <label className="export-dialog__finding">
                    <input
                      type="checkbox"
                      checked={!unmasked.has(finding.id)}
                      onChange={(event) => {
                        const next = new Set(unmasked);
                        if (event.target.checked) next.delete(finding.id);
                        else next.add(finding.id);
                        onUnmask(next);
                      }}
                      aria-label={`Mask ${finding.label} ${finding.sample}`}
                    />
                    <span className="export-dialog__rule">{finding.rule}</span>
                    <code className="export-dialog__sample">{finding.sample}</code>
                    <span className="export-dialog__where">
                      {finding.count} {finding.count === 1 ? 'event' : 'events'}
                      {finding.where.length > 0 && ` (${finding.where.join(', ')})`}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
      );
    }
    default:
      return null;
  }
}
