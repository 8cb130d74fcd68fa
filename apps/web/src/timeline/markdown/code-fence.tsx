import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { CopyButton } from '../../cards/frame/copy-button';
import { startHighlight } from '../../highlight/highlight-client';
import type { HighlightedLine, HighlightedToken } from '../../highlight/highlighted-line';
import { mayNeedEscapes, sliceSegments, visibleSegments, type VisibleSegment } from '../../cards/text/invisible-characters';
import { VisibleSegments, VisibleText } from '../../cards/text/visible-text';

/**
 * A fenced code block of an assistant message, highlighted by the read card's
 * Shiki path (same worker, same lazy grammars, same light/dark tokens). Plain
 * text first; while the message streams, a line keeps its colours only while its
 * text is what was highlighted, so a stale token never shows on new text. Invisible and
 * bidi characters are chips in both, as in the read card; the copy button copies the code.
 */
export function CodeFence({ code, lang }: { code: string; lang: string | undefined }) {
  // CRLF ends a line too: its \r would otherwise show as an escape on every line.
  const lines = useMemo(() => code.replace(/\r?\n$/, '').split(/\r?\n/), [code]);
  const [tokens, setTokens] = useState<readonly (HighlightedLine | undefined)[]>([]);

  useEffect(() => {
    if (lang === undefined) return undefined;
    return startHighlight({ lang, texts: lines }, (start, chunk) =>
      setTokens((previous) => {
        const next = [...previous];
        chunk.forEach((line, offset) => (next[start + offset] = line));
        return next;
      }),
    );
  }, [lang, lines]);

  return (
    <div className="tl-md__fence">
      <div className="tl-md__fence-bar">
        <span className="tl-md__fence-lang">{lang ?? 'text'}</span>
        <CopyButton text={() => lines.join('\n')} label="Copy code" />
      </div>
      <pre className="tl-md__pre">
        <code>
          {lines.map((line, index) => {
            const lineTokens = tokens[index];
            return (
              <span key={index} className="tl-md__line">
                {lineTokens && textOf(lineTokens) === line ? <LineTokens line={line} tokens={lineTokens} /> : <VisibleText text={line} />}
                {'\n'}
              </span>
            );
          })}
        </code>
      </pre>
    </div>
  );
}

function textOf(line: HighlightedLine): string {
  return line.map((token) => token.text).join('');
}

/** As ReadCodeRow: escapes found on the whole line (a joiner may straddle tokens), each token takes its share. */
function LineTokens({ line, tokens }: { line: string; tokens: HighlightedLine }) {
  if (!mayNeedEscapes(line)) return <>{tokens.map((token, index) => renderToken(token, index, undefined))}</>;
  const segments = visibleSegments(line);
  let offset = 0;
  return (
    <>
      {tokens.map((token, index) => {
        const start = offset;
        offset += token.text.length;
        return renderToken(token, index, sliceSegments(segments, start, offset));
      })}
    </>
  );
}

// Same token rendering as ReadCodeRow: colours as CSS variables cards.css switches on the theme.
function renderToken(token: HighlightedToken, index: number, segments: readonly VisibleSegment[] | undefined) {
  const style: Record<string, string> = {};
  if (token.light) style['--shiki-light'] = token.light;
  if (token.dark) style['--shiki-dark'] = token.dark;
  if (token.italic) style.fontStyle = 'italic';
  if (token.underline) style.textDecoration = 'underline';
  return (
    <span key={index} className="tc-tok" style={style as CSSProperties}>
      {segments ? <VisibleSegments segments={segments} /> : token.text}
    </span>
  );
}
