import { useMemo } from 'react';
import type { CSSProperties } from 'react';
import type { HighlightedToken } from '../../highlight/highlighted-line';
import { useHighlightedLines } from '../../highlight/use-highlighted-lines';
import { VisibleText } from '../text/visible-text';
import { StyledSpans } from './styled-spans';

/** The command line, coloured as a shell script by the highlight worker (plain until the colours come). */
export function TerminalCommand({ command }: { command: string }) {
  const lines = useMemo(() => command.split('\n'), [command]);
  const highlighted = useHighlightedLines('shellscript', lines);
  return (
    <code className="tc-term__command">
      {lines.map((line, index) => {
        const tokens = highlighted[index];
        const aligned = tokens !== undefined && tokens.reduce((length, token) => length + token.text.length, 0) === line.length;
        return (
          <span key={index} className="tc-term__command-line">
            {aligned ? <StyledSpans text={line} spans={tokens.map(tokenSpan)} /> : <VisibleText text={line} />}
          </span>
        );
      })}
    </code>
  );
}

function tokenSpan(token: HighlightedToken) {
  const style: Record<string, string> = {};
  if (token.light) style['--shiki-light'] = token.light;
  if (token.dark) style['--shiki-dark'] = token.dark;
  if (token.italic) style.fontStyle = 'italic';
  if (token.underline) style.textDecoration = 'underline';
  return { text: token.text, className: 'tc-tok', style: style as CSSProperties };
}
