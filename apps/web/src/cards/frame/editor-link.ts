import { assertNever, type Editor } from '@toolcards/protocol';

/**
 * "Open in editor" and "Copy path:line": plain functions from a card's path and line to the
 * editor's URL and the copied text. Components only render what these return.
 */

/** A position in a file; `line` and `column` are 1-based, as editors count them. */
export interface EditorPosition {
  path: string;
  line: number;
  column: number;
}

/** What the link's title and the README call each editor. */
export function editorName(editor: Exclude<Editor, 'none'>): string {
  switch (editor) {
    case 'vscode':
      return 'VS Code';
    case 'cursor':
      return 'Cursor';
    case 'zed':
      return 'Zed';
    case 'idea':
      return 'IntelliJ IDEA';
    default:
      return assertNever(editor, 'editor');
  }
}

/**
 * The URL that opens `absolutePath` (`/` between names, as `absolutePathOf` gives it) at line
 * and column in the editor; undefined for `none`.
 * `vscode://file/…:L:C` is shared by VS Code's forks and Zed; JetBrains takes a query.
 */
export function editorHref(editor: Editor, absolutePath: string, line: number, column: number): string | undefined {
  const path = encodedPath(absolutePath);
  switch (editor) {
    case 'vscode':
    case 'cursor':
    case 'zed':
      return `${editor}://file${path}:${line}:${column}`;
    case 'idea':
      return `idea://open?file=${path}&line=${line}&column=${column}`;
    case 'none':
      return undefined;
    default:
      return assertNever(editor, 'editor');
  }
}

/**
 * A card's place as a link for `editor`: the path joined to `cwd`. Undefined for `none`, and
 * for a path no file inside the folder has (see `absolutePathOf`): no link beats a wrong one.
 */
export function editorLink(editor: Editor, cwd: string, { path, line, column }: EditorPosition): { href: string; editorName: string } | undefined {
  if (editor === 'none') return undefined;
  const absolutePath = absolutePathOf(cwd, path);
  if (absolutePath === undefined) return undefined;
  const href = editorHref(editor, absolutePath, line, column);
  return href === undefined ? undefined : { href, editorName: editorName(editor) };
}

/** "src/app.ts:12": what Copy path:line puts on the clipboard (the path as the card shows it). */
export function pathLineText(path: string, line: number): string {
  return `${path}:${line}`;
}

/**
 * The read card's line to open: the start of the user's selection, else the line a search
 * opened it at, else the window's first line.
 */
export function editorLineOf(firstLine: number, targetLine: number | undefined, selectedStart?: number): number {
  return selectedStart ?? targetLine ?? firstLine;
}

/** A match's column: where its first highlighted range starts (ranges are 0-based UTF-16 offsets, as VS Code counts columns). */
export function matchColumn(ranges: readonly (readonly [number, number])[] | undefined): number {
  const start = ranges?.[0]?.[0];
  return start === undefined || start < 0 ? 1 : start + 1;
}

const WINDOWS_DRIVE = /^[A-Za-z]:[\\/]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A card's file as an absolute path with `/` between names: the session's folder joined with
 * the card's path, each name taken as it is. Undefined when a name is empty, `.` or `..`: a
 * URL would re-interpret it, and the server never sends one.
 *
 * The server sends paths relative to the folder with `/` between names (absolute `/…` only
 * for a file it was allowed to read outside the workspace). On Linux and macOS every other
 * character, `\` and `:` included, belongs to a name: a file called `..\..\etc\passwd` or
 * `C:\Windows\win.ini` is one name inside the folder, never a way out of it. Only a Windows
 * server (its folder `C:\…` or `\\host\…`) has `\` and drives in paths, as its names cannot
 * hold them.
 */
export function absolutePathOf(cwd: string, path: string): string | undefined {
  const windows = WINDOWS_DRIVE.test(cwd) || cwd.startsWith('\\\\');
  const names = windows ? path.split(/[\\/]/) : path.split('/');
  const absolute = windows ? WINDOWS_DRIVE.test(path) : path.startsWith('/');
  // An absolute path's first name is its root: the drive, or nothing before the leading `/`.
  const root = absolute ? names.shift()! : (windows ? cwd.replaceAll('\\', '/') : cwd).replace(/\/+$/, '');
  if (names.some((name) => name === '' || name === '.' || name === '..')) return undefined;
  return `${root}/${names.join('/')}`;
}

/**
 * `/dir/my file#1.ts` → `/dir/my%20file%231.ts`: each name percent-encoded (spaces, `#`,
 * `?`, `%`, `&`, `:`, `\`, non-ASCII as UTF-8) so the URL keeps its shape and the editor
 * gets the name back as it is, slashes kept. A Windows drive (`C:/…`) becomes `/C:/…`, as
 * editors expect after `file`.
 */
function encodedPath(absolutePath: string): string {
  const drive = WINDOWS_DRIVE.test(absolutePath) ? absolutePath.slice(0, 2) : '';
  const encoded = absolutePath
    .slice(drive.length)
    .split('/')
    // A lone surrogate (a name that was not valid Unicode) would make encodeURIComponent throw.
    .map((name) => encodeURIComponent(name.replace(LONE_SURROGATE, '\uFFFD')))
    .join('/');
  return `${drive === '' ? '' : `/${drive}`}${encoded.startsWith('/') ? encoded : `/${encoded}`}`;
}
