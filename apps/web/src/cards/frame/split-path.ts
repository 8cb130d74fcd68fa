export interface SplitPath {
  /** Everything up to and including the last separator; '' for a bare name. */
  folder: string;
  name: string;
}

/** Folder and file name of a workspace path, for "dimmed folder, bold name". */
export function splitPath(path: string): SplitPath {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1;
  // A trailing separator would leave no name: show the whole path as the name instead.
  if (cut === path.length) return { folder: '', name: path };
  return { folder: path.slice(0, cut), name: path.slice(cut) };
}
