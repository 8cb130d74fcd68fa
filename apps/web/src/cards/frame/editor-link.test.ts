import { describe, expect, it } from 'vitest';
import { EDITORS } from '@toolcards/protocol';
import { absolutePathOf, editorHref, editorLineOf, editorLink, editorName, matchColumn, pathLineText } from './editor-link';

describe('editorHref', () => {
  it('builds each editor’s URL at the line and column', () => {
    expect(editorHref('vscode', '/w/src/app.ts', 12, 5)).toBe('vscode://file/w/src/app.ts:12:5');
    expect(editorHref('cursor', '/w/src/app.ts', 12, 5)).toBe('cursor://file/w/src/app.ts:12:5');
    expect(editorHref('zed', '/w/src/app.ts', 12, 5)).toBe('zed://file/w/src/app.ts:12:5');
    expect(editorHref('idea', '/w/src/app.ts', 12, 5)).toBe('idea://open?file=/w/src/app.ts&line=12&column=5');
    expect(editorHref('none', '/w/src/app.ts', 12, 5)).toBeUndefined();
  });

  it('has a URL for every editor but none, and a name for each', () => {
    for (const editor of EDITORS) {
      const href = editorHref(editor, '/a', 1, 1);
      if (editor === 'none') expect(href).toBeUndefined();
      else {
        expect(href?.startsWith(`${editor}://`)).toBe(true);
        expect(editorName(editor)).not.toBe('');
      }
    }
  });

  it('encodes what would change the URL’s meaning, keeping the slashes', () => {
    expect(editorHref('vscode', '/w/my dir/a#1?.ts', 3, 1)).toBe('vscode://file/w/my%20dir/a%231%3F.ts:3:1');
    expect(editorHref('vscode', '/w/100%/a.ts', 3, 1)).toBe('vscode://file/w/100%25/a.ts:3:1');
    expect(editorHref('vscode', '/w/a:b.ts', 3, 1)).toBe('vscode://file/w/a%3Ab.ts:3:1');
    expect(editorHref('zed', '/w/café/日本.ts', 3, 1)).toBe('zed://file/w/caf%C3%A9/%E6%97%A5%E6%9C%AC.ts:3:1');
    // In a query `&` and `=` would start another parameter.
    expect(editorHref('idea', '/w/a&line=9/b=c.ts', 2, 4)).toBe('idea://open?file=/w/a%26line%3D9/b%3Dc.ts&line=2&column=4');
    // A name that is not valid Unicode still gives a URL instead of throwing.
    expect(editorHref('vscode', '/w/\uD800.ts', 1, 1)).toBe('vscode://file/w/%EF%BF%BD.ts:1:1');
  });

  it('writes a Windows path as /C:/…', () => {
    expect(editorHref('vscode', 'C:/Users/me/a b.ts', 2, 1)).toBe('vscode://file/C:/Users/me/a%20b.ts:2:1');
    expect(editorHref('idea', 'C:/w/a.ts', 2, 1)).toBe('idea://open?file=/C:/w/a.ts&line=2&column=1');
  });

  it('encodes a backslash as part of the name, never as a separator', () => {
    expect(editorHref('vscode', '/w/a\\b.ts', 1, 1)).toBe('vscode://file/w/a%5Cb.ts:1:1');
  });
});

describe('absolutePathOf', () => {
  it('joins a card’s path to the session’s folder', () => {
    expect(absolutePathOf('/home/me/project', 'src/app.ts')).toBe('/home/me/project/src/app.ts');
    expect(absolutePathOf('/home/me/project/', 'src/app.ts')).toBe('/home/me/project/src/app.ts');
    expect(absolutePathOf('/', 'src/app.ts')).toBe('/src/app.ts');
  });

  it('takes every character but `/` of a Linux or macOS path as part of a name', () => {
    // Legal file names there, each one file inside the folder.
    expect(absolutePathOf('/home/me/project', '..\\..\\..\\etc\\passwd')).toBe('/home/me/project/..\\..\\..\\etc\\passwd');
    expect(absolutePathOf('/home/me/project', 'C:\\Windows\\win.ini')).toBe('/home/me/project/C:\\Windows\\win.ini');
    expect(absolutePathOf('/home/me/project', 'C:/Windows/win.ini')).toBe('/home/me/project/C:/Windows/win.ini');
    expect(absolutePathOf('/home/me/project', '\\\\host\\share\\a.ts')).toBe('/home/me/project/\\\\host\\share\\a.ts');
    expect(absolutePathOf('/home/me/project', 'src/..\\a.ts')).toBe('/home/me/project/src/..\\a.ts');
  });

  it('has no path for a name a URL would re-interpret', () => {
    for (const path of ['../other/a.ts', 'src/../../a.ts', './src/app.ts', 'src/./a.ts', 'src//a.ts', 'src/', '', '..', '/etc/../x']) {
      expect(absolutePathOf('/home/me/project', path), path).toBeUndefined();
    }
    expect(absolutePathOf('C:\\w', 'src\\..\\..\\a.ts')).toBeUndefined();
  });

  it('keeps a path that is already absolute (a file read outside the workspace, when the server allows it)', () => {
    expect(absolutePathOf('/home/me/project', '/etc/hosts')).toBe('/etc/hosts');
  });

  it('reads a Windows server’s paths with its separators and drives', () => {
    expect(absolutePathOf('C:\\w', 'src/a.ts')).toBe('C:/w/src/a.ts');
    expect(absolutePathOf('C:\\w\\', 'src\\a.ts')).toBe('C:/w/src/a.ts');
    expect(absolutePathOf('C:\\w', 'D:/x/y.ts')).toBe('D:/x/y.ts');
  });
});

describe('the line and column to open', () => {
  it('opens a read card at the selection, else its target line, else its first line', () => {
    expect(editorLineOf(10, undefined)).toBe(10);
    expect(editorLineOf(10, 42)).toBe(42);
    expect(editorLineOf(10, 42, 50)).toBe(50);
    expect(editorLineOf(10, undefined, 11)).toBe(11);
  });

  it('opens a match at its first range, else at column 1', () => {
    expect(matchColumn([[4, 7], [20, 22]])).toBe(5);
    expect(matchColumn([[0, 3]])).toBe(1);
    expect(matchColumn([])).toBe(1);
    expect(matchColumn(undefined)).toBe(1);
  });

  it('copies path:line as the card names the file', () => {
    expect(pathLineText('src/app.ts', 12)).toBe('src/app.ts:12');
  });
});

describe('editorLink', () => {
  it('links a card’s relative path inside the session’s folder, naming the editor', () => {
    expect(editorLink('cursor', '/w', { path: 'src/a.ts', line: 3, column: 2 })).toEqual({ href: 'cursor://file/w/src/a.ts:3:2', editorName: 'Cursor' });
    expect(editorLink('idea', '/w', { path: '/abs/b.ts', line: 1, column: 1 })).toEqual({ href: 'idea://open?file=/abs/b.ts&line=1&column=1', editorName: 'IntelliJ IDEA' });
    expect(editorLink('none', '/w', { path: 'src/a.ts', line: 3, column: 2 })).toBeUndefined();
  });

  it('links a file whose name looks like a way out to that file, inside the folder', () => {
    expect(editorLink('vscode', '/w', { path: '..\\..\\..\\etc\\passwd', line: 1, column: 1 })?.href).toBe('vscode://file/w/..%5C..%5C..%5Cetc%5Cpasswd:1:1');
    expect(editorLink('vscode', '/w', { path: 'C:\\Windows\\win.ini', line: 1, column: 1 })?.href).toBe('vscode://file/w/C%3A%5CWindows%5Cwin.ini:1:1');
    expect(editorLink('idea', '/w', { path: 'C:\\Windows\\win.ini', line: 1, column: 1 })?.href).toBe('idea://open?file=/w/C%3A%5CWindows%5Cwin.ini&line=1&column=1');
    expect(editorLink('zed', '/w', { path: '%2e%2e/%2E%2E/etc/passwd', line: 1, column: 1 })?.href).toBe('zed://file/w/%252e%252e/%252E%252E/etc/passwd:1:1');
  });

  it('offers no link for a path with `..` or `.` names', () => {
    expect(editorLink('vscode', '/w', { path: '../../etc/passwd', line: 1, column: 1 })).toBeUndefined();
  });
});
