/** The banner of a card whose text holds bidi controls (Trojan Source, reversed file names). */
export function BidiWarning() {
  return (
    <p className="tc-card__warning" role="note">
      <span aria-hidden="true">⚠ </span>
      This card contains bidirectional Unicode control characters, which can make text display differently from how it
      is stored. Each one is shown as a <span className="tc-escape tc-escape--bidi">U+…</span> mark where it sits.
    </p>
  );
}
