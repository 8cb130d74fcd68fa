import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KNOWN_LANGS, langFromPath } from './lang';

// What each extension maps to is the table in lang.ts; these tests pin down how a path is
// read, not the table row by row. That every language the table names really loads as a
// Shiki grammar is checked where Shiki runs: apps/web/src/highlight/grammar-loaders.test.ts.

describe('langFromPath', () => {
  it('names a language for common source files', () => {
    expect(langFromPath('src/a.ts')).toBe('typescript');
    expect(langFromPath('README.md')).toBe('markdown');
    expect(langFromPath('pom.xml')).toBe('xml');
  });

  it('colours SVG and the rest of the XML family as XML, not plain text', () => {
    for (const path of ['icons/logo.svg', 'schema.xsd', 'page.xslt', 'Info.plist', 'App.csproj', 'feed.rss']) expect(langFromPath(path), path).toBe('xml');
  });

  it('folds case, in the extension and around it', () => {
    expect(langFromPath('APP.TSX')).toBe('tsx');
    expect(langFromPath('App.Tsx')).toBe(langFromPath('app.tsx'));
    expect(langFromPath('SRC/MAIN.TS')).toBe('typescript');
    expect(langFromPath('Readme.Md')).toBe('markdown');
  });

  it('reads the extension after the last dot of the last path segment', () => {
    expect(langFromPath('a.test.ts')).toBe('typescript');
    expect(langFromPath('bundle.min.js')).toBe('javascript');
    expect(langFromPath('archive.tar.gz')).toBeUndefined(); // gz, not tar
    expect(langFromPath('notes.ts.bak')).toBeUndefined(); // bak, not ts
    expect(langFromPath('dir.py/file.ts')).toBe('typescript'); // a dot in a folder is not the extension
    expect(langFromPath('dir.ts/noext')).toBeUndefined();
    expect(langFromPath('C:\\work\\a.rs')).toBe('rust'); // a Windows path
    expect(langFromPath('C:\\work.ts\\Makefile')).toBeUndefined();
  });

  it.each([
    ['a dotfile', '.bashrc'],
    ['a dotfile named like an extension', '.ts'],
    ['a dotfile in a folder', 'a/b/.env'],
    ['a build file without extension', 'Makefile'],
    ['another one', 'src/Dockerfile'],
    ['an extensionless path', '/etc/hosts'],
    ['a trailing dot', 'file.'],
    ['a folder path', 'src/'],
    ['dot', '.'],
    ['dot dot', '..'],
    ['the empty path', ''],
  ])('has no language for %s (%j)', (_, path) => {
    expect(langFromPath(path)).toBeUndefined();
  });

  it('reads a dotfile that has an extension by that extension', () => {
    expect(langFromPath('.eslintrc.json')).toBe('json');
    expect(langFromPath('config/.prettierrc.yaml')).toBe('yaml');
  });

  it.each(['a.xyz', 'photo.png', 'tool.exe', 'a.t', 'a.tsxx', 'a.ts ', 'a. ts'])('has no language for an unknown extension (%j)', (path) => {
    expect(langFromPath(path)).toBeUndefined();
  });

  // The table is a Map: an extension that is an Object.prototype key maps to nothing,
  // in any case (the lookup lower-cases it), and never to a function or an object.
  it.each(['constructor', '__proto__', 'toString', 'tostring', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__', 'prototype'])(
    'has no language for the prototype key %j as an extension or a name',
    (key) => {
      expect(langFromPath(`x.${key}`)).toBeUndefined();
      expect(langFromPath(`x.${key.toUpperCase()}`)).toBeUndefined();
      expect(langFromPath(key)).toBeUndefined();
    },
  );

  it('only ever answers a language of KNOWN_LANGS, or nothing', () => {
    const extension = fc.oneof(
      fc.constantFrom('ts', 'TSX', 'Md', 'json', 'h', 'svg', 'constructor', '__proto__', 'gz', ''),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), extension, (stem, ext) => {
        const lang = langFromPath(`${stem}.${ext}`);
        expect(lang === undefined || KNOWN_LANGS.includes(lang)).toBe(true);
      }),
    );
  });

  it('depends on the file name only: a folder in front never changes the answer', () => {
    const segment = fc.string({ maxLength: 10 }).filter((text) => !/[/\\]/.test(text));
    const name = fc.oneof(fc.constantFrom('a.ts', '.bashrc', 'Makefile', 'x.tar.gz', 'y.JSON', 'z.'), segment);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 3 }), name, fc.constantFrom('/', '\\'), (folders, file, separator) => {
        expect(langFromPath([...folders, file].join(separator))).toBe(langFromPath(file));
      }),
    );
  });
});

describe('KNOWN_LANGS', () => {
  it('lists each language once', () => {
    expect(new Set(KNOWN_LANGS).size).toBe(KNOWN_LANGS.length);
  });
});
