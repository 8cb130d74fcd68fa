import { MixedScriptMarker } from '../text/mixed-script-marker';
import { VisibleText } from '../text/visible-text';

/** A card's title line ("grep \"needle\"", "read src/a.ts"): it can quote names, so it shows them as names are shown. */
export function CardTitle({ title }: { title: string }) {
  return (
    <>
      <span className="tc-card__title">
        <VisibleText text={title} />
      </span>
      <MixedScriptMarker text={title} />
    </>
  );
}
