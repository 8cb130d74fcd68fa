import { escapedText } from '../text/invisible-characters';
import { MixedScriptMarker } from '../text/mixed-script-marker';
import { VisibleText } from '../text/visible-text';
import { splitPath } from './split-path';

/**
 * A workspace path as "dimmed folder, bold name"; always text, never markup. Invisible and
 * bidi characters show as chips, and a mixed-script path gets its marker outside the
 * ellipsis, so a long path cannot cut it off.
 *
 * Too long for its space, the folder is cut first, in the middle of the path as VS Code
 * does (`src/very/long/fol…/name.ts`): the name keeps its width, and only a name wider
 * than the whole space is cut, at its end. CSS does the cutting (cards.css), so the text,
 * the `title` and the accessible name stay the full path.
 */
export function PathLabel({ path, line }: { path: string; line?: number }) {
  const { folder, name } = splitPath(path);
  const suffix = line === undefined ? '' : `:${line}`;
  return (
    <>
      <span className="tc-path" title={escapedText(path) + suffix}>
        {folder !== '' && (
          <span className="tc-path__folder">
            <span className="tc-path__dir">
              <VisibleText text={folder.slice(0, -1)} />
            </span>
            {/* The separator stays when the folder is cut: `…/name.ts`, not `…name.ts`. */}
            <span className="tc-path__separator">{folder.slice(-1)}</span>
          </span>
        )}
        <span className="tc-path__name">
          <VisibleText text={name} />
          {suffix}
        </span>
      </span>
      <MixedScriptMarker text={path} />
    </>
  );
}
