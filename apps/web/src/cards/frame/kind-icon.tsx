import type { ToolCallKind } from '@toolcards/protocol';

// A Record, not a switch: a new kind in protocol fails to compile here until it has a glyph.
const KIND_GLYPHS: Record<ToolCallKind, string> = {
  read: '▤',
  edit: '✎',
  delete: '⌫',
  move: '⇄',
  search: '⌕',
  execute: '▶',
  fetch: '⇣',
  other: '◆',
};

/** The call's icon; the kind is spoken as text, the glyph is decoration. */
export function KindIcon({ kind }: { kind: ToolCallKind }) {
  return (
    <span className={`tc-kind tc-kind--${kind}`} data-kind={kind}>
      <span aria-hidden="true">{KIND_GLYPHS[kind]}</span>
      <span className="tc-visually-hidden">{kind}</span>
    </span>
  );
}
