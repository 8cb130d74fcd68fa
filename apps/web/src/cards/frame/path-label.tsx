import { escapedText } from '../text/invisible-characters';
import { MixedScriptMarker } from '../text/mixed-script-marker';
import { VisibleText } from '../text/visible-text';
import { splitPath } from './split-path';

/**
 * A workspace path as "dimmed folder, bold name"; always text, never markup. Invisible and
 * bidi characters show as chips, and a mixed-script path gets its marker outside the
 * ellipsis, so a long path cannot cut it off.
 */
export function PathLabel({ path }: { path: string }) {
  const { folder, name } = splitPath(path);
  return (
    <>
      <span className="tc-path" title={escapedText(path)}>
        {folder !== '' && (
          <span className="tc-path__folder">
            <VisibleText text={folder} />
          </span>
        )}
        <span className="tc-path__name">
          <VisibleText text={name} />
        </span>
      </span>
      <MixedScriptMarker text={path} />
    </>
  );
}
