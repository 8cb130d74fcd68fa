import { mixedScriptDescription, mixedScriptWords } from './mixed-script';

/** A visible "mixed scripts" flag after a name whose words mix look-alike scripts; nothing otherwise. */
export function MixedScriptMarker({ text }: { text: string }) {
  const words = mixedScriptWords(text);
  if (words.length === 0) return null;
  const description = mixedScriptDescription(words);
  return (
    <span className="tc-script-warning" role="img" aria-label={description} title={description}>
      <span aria-hidden="true">⚠</span> mixed scripts
    </span>
  );
}
