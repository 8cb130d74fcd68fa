import { useMemo } from 'react';
import type { SeenLineRange } from '@toolcards/protocol';
import { minimapMarks } from './minimap-marks';
import { useFileSeen } from './seen-files-context';

interface ReadMinimapProps {
  path: string;
  /** The agent's window: its first and last line. */
  window: SeenLineRange | undefined;
  totalLines: number;
}

/**
 * A slim strip beside the code: the whole file top to bottom, with this card's window, what
 * else the session read of the file, and where grep matched. Decorative (the header says
 * the same in words); its title spells it out for a pointer.
 */
export function ReadMinimap({ path, window, totalLines }: ReadMinimapProps) {
  const seen = useFileSeen(path);
  const marks = useMemo(() => minimapMarks(window, totalLines, seen), [window, totalLines, seen]);
  if (marks === undefined) return null;
  return (
    <div className="tc-read__minimap" aria-hidden="true" title={marks.title} data-testid="read-minimap">
      {marks.reads.map((read) => (
        <span key={`${read.top}:${read.height}`} className="tc-read__minimap-read" style={{ top: `${read.top}%`, height: `${read.height}%` }} />
      ))}
      <span className="tc-read__minimap-window" style={{ top: `${marks.window.top}%`, height: `${marks.window.height}%` }} />
      {marks.matches.map((top) => (
        <span key={top} className="tc-read__minimap-match" style={{ top: `${top}%` }} />
      ))}
    </div>
  );
}
