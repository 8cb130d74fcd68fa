import { splitPath } from './split-path';

/** A workspace path as "dimmed folder, bold name"; always text, never markup. */
export function PathLabel({ path }: { path: string }) {
  const { folder, name } = splitPath(path);
  return (
    <span className="tc-path" title={path}>
      {folder !== '' && <span className="tc-path__folder">{folder}</span>}
      <span className="tc-path__name">{name}</span>
    </span>
  );
}
