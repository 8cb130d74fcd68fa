import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Pin } from '@toolcards/protocol';
import { hashForCard } from '../model/session-hash';
import { CALL_KINDS, CALL_KIND_WORDS, callCountsText } from './call-kind';
import type { OutlineTurn } from './outline-from-rows';
import { useKeepLineInView } from './keep-line-in-view';
import { outlineKeyStep, type OutlineTreeItem } from './outline-keys';
import type { SessionMap } from './use-session-map';
import './navigator.css';

export interface NavigatorProps {
  map: SessionMap;
  sessionId: string | null;
  pins: readonly Pin[];
  /** The pins' note (a malformed pins file, a failed save). */
  pinsNote?: string;
  onUnpin?: (pin: Pin) => void;
  /** A pin's link was clicked: its card's permalink is opened (even when the address already names it). */
  onOpenPin?: (pin: Pin) => void;
  /** The panel's close button (beside the title); absent, none. */
  onClose?: () => void;
  /** A jump was made (a drawer closes: the timeline is what the person wants to see). */
  onJumped?: () => void;
}

interface TreeLine extends OutlineTreeItem {
  turn: number;
  subagent?: number;
}

/**
 * The session's outline: its pins, then a tree of its turns (the prompt's first line, the first
 * answer's, the calls by kind; subagents nested), the turn the view is in marked. Click or Enter
 * jumps; the tree moves with the arrow keys (outline-keys.ts).
 */
export function Navigator({ map, sessionId, pins, pinsNote, onUnpin, onOpenPin, onClose, onJumped }: NavigatorProps) {
  const { outline, currentTurn, goToRow } = map;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const lines = useMemo(() => treeLines(outline.turns, collapsed), [outline.turns, collapsed]);
  const lineOfTurn = useMemo(() => {
    const of: number[] = [];
    lines.forEach((line, index) => {
      if (line.level === 1) of[line.turn] = index;
    });
    return of;
  }, [lines]);
  const [focused, setFocused] = useState(0);
  const treeRef = useRef<HTMLUListElement>(null);
  const focusInTree = useRef(false);

  // The current turn is where Tab lands (unless the person is walking the tree) and stays in view.
  const currentLine = currentTurn === undefined ? -1 : (lineOfTurn[currentTurn] ?? -1);
  useEffect(() => {
    if (currentLine >= 0 && !focusInTree.current) setFocused(currentLine);
  }, [currentLine]);
  const walkingTree = useCallback(() => focusInTree.current, []);
  useKeepLineInView(treeRef, currentLine, walkingTree);

  // Stable for the memoized turns: it reads the latest outline and rows when called.
  const latest = useRef({ outline, rows: map.rows, goToRow, onJumped });
  latest.current = { outline, rows: map.rows, goToRow, onJumped };
  const jumpTo = useCallback((line: TreeLine | undefined) => {
    const { outline: now, rows, goToRow: go, onJumped: jumped } = latest.current;
    const turn = line === undefined ? undefined : now.turns[line.turn];
    if (!line || !turn) return;
    const subagent = line.subagent === undefined ? undefined : turn.subagents[line.subagent];
    let rowIndex = turn.firstRow;
    if (subagent !== undefined) {
      rowIndex = -1;
      for (let index = turn.firstRow; index < turn.firstRow + turn.rowCount; index += 1) if (rows[index]?.seq === subagent.seq) rowIndex = index;
    }
    if (rowIndex >= 0) go(rowIndex);
    jumped?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const step = outlineKeyStep(lines, focused, event.key);
    if (step.kind === 'none') return;
    event.preventDefault();
    // The page's own j/k and the timeline must not see the tree's keys.
    event.stopPropagation();
    switch (step.kind) {
      case 'focus':
        setFocused(step.index);
        treeRef.current?.querySelector<HTMLElement>(`[data-line="${step.index}"]`)?.focus();
        return;
      case 'activate':
        return jumpTo(lines[step.index]);
      case 'expand': {
        const key = lines[step.index]!.key;
        setCollapsed((before) => {
          const next = new Set(before);
          if (step.open) next.delete(key);
          else next.add(key);
          return next;
        });
        return;
      }
    }
  };

  const toggle = useCallback((key: string) => {
    setCollapsed((before) => {
      const next = new Set(before);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  return (
    <div className="navigator">
      <div className="navigator__top">
        <h2 className="navigator__title">Outline</h2>
        <span className="navigator__summary" data-calls={outline.calls}>
          {countWords(outline.turns.length, 'turn', 'turns')} · {countWords(outline.calls, 'call', 'calls')}
        </span>
        {onClose && (
          <button type="button" className="navigator__close" onClick={onClose} aria-label="Close outline" title="Close">
            ×
          </button>
        )}
      </div>
      {pinsNote !== undefined && (
        <p className="navigator__note" role="status">
          {pinsNote}
        </p>
      )}
      {pins.length > 0 && sessionId !== null && <PinList pins={pins} sessionId={sessionId} onUnpin={onUnpin} onOpenPin={onOpenPin} onJumped={onJumped} />}
      {outline.turns.length === 0 ? (
        <p className="navigator__empty">No turns yet.</p>
      ) : (
        <ul
          ref={treeRef}
          className="navigator__tree"
          role="tree"
          aria-label="Turns"
          onKeyDown={onKeyDown}
          onFocus={() => (focusInTree.current = true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focusInTree.current = false;
          }}
        >
          {outline.turns.map((turn, index) => {
            const line = lineOfTurn[index]!;
            return (
              <TurnItem
                key={turn.key}
                turn={turn}
                index={index}
                line={line}
                current={index === currentTurn}
                expanded={turn.subagents.length === 0 ? undefined : !collapsed.has(turn.key)}
                focusedLine={focused >= line && focused <= line + turn.subagents.length ? focused : -1}
                onJump={jumpTo}
                onToggle={toggle}
                onFocusLine={setFocused}
              />
            );
          })}
        </ul>
      )}
    </div>
  );
}

interface TurnItemProps {
  turn: OutlineTurn;
  index: number;
  /** The item's index among the tree's lines. */
  line: number;
  current: boolean;
  expanded: boolean | undefined;
  /** The focused line if it is this turn's or one of its subagents' (else -1): it takes Tab. */
  focusedLine: number;
  onJump(line: TreeLine): void;
  onToggle(key: string): void;
  onFocusLine(line: number): void;
}

const TurnItem = memo(function TurnItem({ turn, index, line, current, expanded, focusedLine, onJump, onToggle, onFocusLine }: TurnItemProps) {
  const prompt = turn.prompt ?? 'Before the first prompt';
  const counts = callCountsText(turn.calls, turn.kinds);
  const self: TreeLine = { key: turn.key, level: 1, turn: index, ...(expanded === undefined ? {} : { expanded }) };
  return (
    <li
      role="treeitem"
      aria-level={1}
      aria-expanded={expanded}
      aria-selected={current}
      aria-current={current ? 'location' : undefined}
      aria-label={`Turn ${index + 1}: ${prompt}${turn.answer === undefined ? '' : `. ${turn.answer}`}. ${counts}`}
      tabIndex={focusedLine === line ? 0 : -1}
      data-line={line}
      data-turn={index}
      className={current ? 'navigator__turn navigator__turn--current' : 'navigator__turn'}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocusLine(line);
      }}
      onClick={(event) => {
        event.stopPropagation();
        onJump(self);
      }}
    >
      <div className="navigator__turn-body">
        {expanded !== undefined && (
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            className="navigator__twisty"
            onClick={(event) => {
              event.stopPropagation();
              onToggle(turn.key);
            }}
          >
            {expanded ? '▾' : '▸'}
          </button>
        )}
        <span className={turn.prompt === undefined ? 'navigator__prompt navigator__prompt--none' : 'navigator__prompt'}>{prompt}</span>
        {turn.answer !== undefined && <span className="navigator__answer">{turn.answer}</span>}
        {turn.calls > 0 && <KindCounts turn={turn} />}
      </div>
      {expanded === true && (
        <ul role="group" className="navigator__subagents">
          {turn.subagents.map((subagent, at) => (
            <li
              key={subagent.seq}
              role="treeitem"
              aria-level={2}
              aria-selected={false}
              aria-label={`Subagent: ${subagent.title}`}
              tabIndex={focusedLine === line + 1 + at ? 0 : -1}
              data-line={line + 1 + at}
              className="navigator__subagent"
              onFocus={(event) => {
                if (event.target === event.currentTarget) onFocusLine(line + 1 + at);
              }}
              onClick={(event) => {
                event.stopPropagation();
                onJump({ key: `${turn.key}:${subagent.seq}`, level: 2, parent: line, turn: index, subagent: at });
              }}
            >
              <span aria-hidden="true">↳ </span>
              {subagent.title}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
});

/** A turn's calls by kind: a coloured mark and a number each (the treeitem's name says it in words). */
function KindCounts({ turn }: { turn: OutlineTurn }) {
  return (
    <span className="navigator__kinds" aria-hidden="true">
      {CALL_KINDS.filter((kind) => turn.kinds[kind] > 0).map((kind) => (
        <span key={kind} className={`navigator__kind tc-kind--${kind}`} title={`${turn.kinds[kind]} ${CALL_KIND_WORDS[kind][turn.kinds[kind] === 1 ? 0 : 1]}`}>
          {turn.kinds[kind]}
        </span>
      ))}
    </span>
  );
}

interface PinListProps {
  pins: readonly Pin[];
  sessionId: string;
  onUnpin?: ((pin: Pin) => void) | undefined;
  onOpenPin?: ((pin: Pin) => void) | undefined;
  onJumped?: (() => void) | undefined;
}

function PinList({ pins, sessionId, onUnpin, onOpenPin, onJumped }: PinListProps) {
  return (
    <section className="navigator__pins" aria-label="Pinned cards">
      <h3 className="navigator__pins-title">Pinned</h3>
      <ul className="navigator__pin-list">
        {pins.map((pin) => (
          <li key={pin.seq} className="navigator__pin">
            {/* The card's permalink: followed as any link to a card is (and copied as one). */}
            <a
              className="navigator__pin-link"
              href={hashForCard(sessionId, pin.seq)}
              onClick={(event) => {
                // A plain click opens the card even when the address names it already (no hashchange
                // then, after a reload on the pin's link); a new tab or window stays the browser's.
                if (onOpenPin && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) {
                  event.preventDefault();
                  onOpenPin(pin);
                }
                onJumped?.();
              }}
            >
              {pin.label}
            </a>
            {onUnpin && (
              <button type="button" className="navigator__unpin" aria-label={`Unpin ${pin.label}`} title="Unpin" onClick={() => onUnpin(pin)}>
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The tree's lines in order: each turn, then its subagents while it is open. */
function treeLines(turns: readonly OutlineTurn[], collapsed: ReadonlySet<string>): TreeLine[] {
  const lines: TreeLine[] = [];
  turns.forEach((turn, index) => {
    const expandable = turn.subagents.length > 0;
    const open = expandable && !collapsed.has(turn.key);
    const parent = lines.length;
    lines.push({ key: turn.key, level: 1, turn: index, ...(expandable ? { expanded: open } : {}) });
    if (open) turn.subagents.forEach((subagent, at) => lines.push({ key: `${turn.key}:${subagent.seq}`, level: 2, parent, turn: index, subagent: at }));
  });
  return lines;
}

function countWords(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
