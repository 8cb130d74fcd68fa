import { describe, expect, it } from 'vitest';
import { KNOWN_LANGS, langFromPath } from './lang';

describe('langFromPath', () => {
  it.each([
    ['src/a.ts', 'typescript'],
    ['a.mts', 'typescript'],
    ['a.cts', 'typescript'],
    ['App.tsx', 'tsx'],
    ['a.js', 'javascript'],
    ['a.mjs', 'javascript'],
    ['a.cjs', 'javascript'],
    ['a.jsx', 'jsx'],
    ['package.json', 'json'],
    ['tsconfig.jsonc', 'jsonc'],
    ['a.py', 'python'],
    ['a.rb', 'ruby'],
    ['main.go', 'go'],
    ['lib.rs', 'rust'],
    ['A.java', 'java'],
    ['a.c', 'c'],
    ['a.h', 'c'],
    ['a.cc', 'cpp'],
    ['a.cpp', 'cpp'],
    ['a.hpp', 'cpp'],
    ['a.cxx', 'cpp'],
    ['a.cs', 'csharp'],
    ['a.kt', 'kotlin'],
    ['a.swift', 'swift'],
    ['a.php', 'php'],
    ['run.sh', 'shellscript'],
    ['run.bash', 'shellscript'],
    ['.config/x.zsh', 'shellscript'],
    ['ci.yaml', 'yaml'],
    ['ci.yml', 'yaml'],
    ['Cargo.toml', 'toml'],
    ['setup.ini', 'ini'],
    ['README.md', 'markdown'],
    ['doc.markdown', 'markdown'],
    ['page.mdx', 'mdx'],
    ['index.html', 'html'],
    ['index.htm', 'html'],
    ['a.css', 'css'],
    ['a.scss', 'scss'],
    ['a.less', 'less'],
    ['q.sql', 'sql'],
    ['pom.xml', 'xml'],
    ['init.lua', 'lua'],
  ])('%s → %s', (path, lang) => {
    expect(langFromPath(path)).toBe(lang);
  });

  it('is case-insensitive', () => {
    expect(langFromPath('SRC/MAIN.TS')).toBe('typescript');
    expect(langFromPath('Readme.Md')).toBe('markdown');
  });

  it('reads the extension after the last segment and the last dot', () => {
    expect(langFromPath('dir.py/file.ts')).toBe('typescript');
    expect(langFromPath('archive.tar.gz')).toBeUndefined();
    expect(langFromPath('a.test.tsx')).toBe('tsx');
    expect(langFromPath('C:\\work\\a.rs')).toBe('rust');
    expect(langFromPath('dir.ts/noext')).toBeUndefined();
  });

  it.each([
    ['dotfile', '.gitignore'],
    ['dotfile in a folder', 'a/b/.env'],
    ['extensionless', '/etc/hosts'],
    ['trailing dot', 'file.'],
    ['unknown extension', 'a.xyz'],
    ['empty', ''],
    ['prototype key __proto__', 'x.__proto__'],
    ['prototype key constructor', 'x.constructor'],
    ['prototype key toString', 'x.toString'],
    ['prototype key hasOwnProperty', 'x.hasownproperty'],
  ])('undefined for %s (%s)', (_, path) => {
    expect(langFromPath(path)).toBeUndefined();
  });

  it('lists every language it can return once', () => {
    expect(new Set(KNOWN_LANGS).size).toBe(KNOWN_LANGS.length);
    expect(KNOWN_LANGS).toContain('typescript');
  });
});
