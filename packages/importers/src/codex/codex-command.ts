import { shellWords, type ShellToken } from './codex-shell-words';

/**
 * What a Codex shell command is, for the card it gets: a read of one file (sed -n 'A,Bp', cat,
 * nl -ba, head -n N, tail -n +K), a search printing `path:line:text` (rg -n, grep -rn), a listing
 * of paths (rg --files, ls, find, fd), an apply_patch, or a plain terminal command. A leading
 * `cd DIR &&` is kept as the folder the command ran in; anything more complex (a pipe, a
 * redirection, an expansion, a flag the output shape depends on) is a terminal command.
 *
 * `tail -n N` (the last N lines) is a terminal command: its output does not say which line
 * numbers it shows, and a read card must show true ones.
 */

export type ReadAsk =
  | { kind: 'range'; start: number; end: number }
  | { kind: 'whole'; numbered: boolean }
  | { kind: 'head'; count: number }
  | { kind: 'from'; start: number };

export type ListTool = 'rg-files' | 'ls' | 'find' | 'fd';

export type CommandClass =
  | { kind: 'read'; file: string; ask: ReadAsk; dir?: string }
  | { kind: 'search'; pattern: string; fixed: boolean; caseInsensitive: boolean; path?: string; include?: string; dir?: string }
  | { kind: 'list'; tool: ListTool; pattern: string; path?: string; dir?: string }
  | { kind: 'patch'; patch: string; dir?: string }
  | { kind: 'terminal' };

const TERMINAL: CommandClass = { kind: 'terminal' };

const HEREDOC_PATCH = /^(?:cd\s+(\S+)\s+&&\s+)?apply_patch\s+<<-?\s*(['"]?)([\w-]+)\2\s*\n([\s\S]*?)\n\3\s*$/;

/** A command line (bash -lc's script, or exec_command's cmd). */
export function classifyCommandLine(line: string): CommandClass {
  const trimmed = line.trim();
  const heredoc = HEREDOC_PATCH.exec(trimmed);
  if (heredoc !== null) return withDir({ kind: 'patch', patch: heredoc[4]! }, heredoc[1]);
  const tokens = shellWords(trimmed);
  if (tokens === undefined) return TERMINAL;
  let dir: string | undefined;
  let rest: ShellToken[] = tokens;
  if (isWord(rest[0], 'cd') && rest[1]?.kind === 'word' && isOperator(rest[2], '&&')) {
    dir = rest[1].text;
    rest = rest.slice(3);
  }
  if (rest.some((token) => token.kind === 'operator')) return TERMINAL;
  return withDir(classifyArgv(rest.map((token) => token.text)), dir);
}

/** An argv (Codex 0.58's `shell` tool ran `["bash","-lc",CMD]` or a program's argv directly). */
export function classifyArgv(argv: readonly string[]): CommandClass {
  const [program, ...args] = argv;
  if (program === undefined) return TERMINAL;
  if (/^(?:\/(?:usr\/)?bin\/)?(?:ba|z)?sh$/.test(program) && (args[0] === '-lc' || args[0] === '-c') && args.length === 2) {
    return classifyCommandLine(args[1]!);
  }
  switch (program) {
    case 'apply_patch':
    case 'applypatch':
      return args.length === 1 && args[0]!.trimStart().startsWith('*** Begin Patch') ? { kind: 'patch', patch: args[0]! } : TERMINAL;
    case 'sed':
      return sedRead(args);
    case 'cat':
      return args.length === 1 && !args[0]!.startsWith('-') ? { kind: 'read', file: args[0]!, ask: { kind: 'whole', numbered: false } } : TERMINAL;
    case 'nl':
      return args.length === 2 && args[0] === '-ba' && !args[1]!.startsWith('-') ? { kind: 'read', file: args[1]!, ask: { kind: 'whole', numbered: true } } : TERMINAL;
    case 'head':
      return headRead(args);
    case 'tail':
      return tailRead(args);
    case 'rg':
      return ripgrep(args);
    case 'grep':
      return grepSearch(args);
    case 'ls':
      return listing(args);
    case 'find':
      return findListing(args);
    case 'fd':
    case 'fdfind':
      return fdListing(args);
    default:
      return TERMINAL;
  }
}

function sedRead(args: string[]): CommandClass {
  if (args.length !== 3 || args[0] !== '-n') return TERMINAL;
  const range = /^(\d+)(?:,(\d+))?p$/.exec(args[1]!);
  const file = args[2]!;
  if (range === null || file.startsWith('-')) return TERMINAL;
  const start = Number(range[1]);
  const end = range[2] === undefined ? start : Number(range[2]);
  if (start < 1 || end < start) return TERMINAL;
  return { kind: 'read', file, ask: { kind: 'range', start, end } };
}

function headRead(args: string[]): CommandClass {
  let count = 10;
  let rest = args;
  if (rest[0] === '-n' && rest[1] !== undefined && /^\d+$/.test(rest[1])) {
    count = Number(rest[1]);
    rest = rest.slice(2);
  } else if (rest[0] !== undefined && /^-(?:n)?\d+$/.test(rest[0])) {
    count = Number(rest[0].replace(/^-n?/, ''));
    rest = rest.slice(1);
  }
  if (rest.length !== 1 || rest[0]!.startsWith('-') || count < 1) return TERMINAL;
  return { kind: 'read', file: rest[0]!, ask: { kind: 'head', count } };
}

function tailRead(args: string[]): CommandClass {
  let start: number | undefined;
  let rest = args;
  if (rest[0] === '-n' && rest[1] !== undefined && /^\+\d+$/.test(rest[1])) {
    start = Number(rest[1].slice(1));
    rest = rest.slice(2);
  } else if (rest[0] !== undefined && /^-n\+\d+$/.test(rest[0])) {
    start = Number(rest[0].slice(3));
    rest = rest.slice(1);
  }
  if (start === undefined || rest.length !== 1 || rest[0]!.startsWith('-')) return TERMINAL;
  return { kind: 'read', file: rest[0]!, ask: { kind: 'from', start: Math.max(start, 1) } };
}

function ripgrep(args: string[]): CommandClass {
  let numbered = false;
  let caseInsensitive = false;
  let fixed = false;
  let files = false;
  let include: string | undefined;
  const operands: string[] = [];
  let pattern: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--') {
      operands.push(...args.slice(index + 1));
      break;
    }
    if (arg === '-e' || arg === '--regexp') {
      if (pattern !== undefined || args[index + 1] === undefined) return TERMINAL;
      pattern = args[++index]!;
      continue;
    }
    if (arg === '-g' || arg === '--glob') {
      if (include !== undefined || args[index + 1] === undefined) return TERMINAL;
      include = args[++index]!;
      continue;
    }
    if (arg === '--files') {
      files = true;
      continue;
    }
    if (arg === '--no-heading' || arg === '--color=never' || arg === '-H' || arg === '--with-filename') continue;
    if (arg === '--line-number') {
      numbered = true;
      continue;
    }
    if (arg === '--ignore-case') {
      caseInsensitive = true;
      continue;
    }
    if (arg === '--fixed-strings') {
      fixed = true;
      continue;
    }
    if (/^-[niFS]+$/.test(arg)) {
      for (const flag of arg.slice(1)) {
        if (flag === 'n') numbered = true;
        else if (flag === 'i') caseInsensitive = true;
        else if (flag === 'F') fixed = true;
        // -S (smart case) leaves the highlights to the pattern as written
      }
      continue;
    }
    if (arg.startsWith('-')) return TERMINAL;
    operands.push(arg);
  }
  if (files) {
    if (pattern !== undefined || numbered || operands.length > 1) return TERMINAL;
    return { kind: 'list', tool: 'rg-files', pattern: include ?? '**/*', ...(operands[0] === undefined ? {} : { path: operands[0] }) };
  }
  if (pattern === undefined) pattern = operands.shift();
  if (pattern === undefined || pattern === '' || !numbered || operands.length > 1) return TERMINAL;
  return {
    kind: 'search',
    pattern,
    fixed,
    caseInsensitive,
    ...(operands[0] === undefined ? {} : { path: operands[0] }),
    ...(include === undefined ? {} : { include }),
  };
}

function grepSearch(args: string[]): CommandClass {
  let recursive = false;
  let numbered = false;
  let caseInsensitive = false;
  let fixed = false;
  const operands: string[] = [];
  for (const arg of args) {
    if (/^-[rRniIFEs]+$/.test(arg)) {
      for (const flag of arg.slice(1)) {
        if (flag === 'r' || flag === 'R') recursive = true;
        else if (flag === 'n') numbered = true;
        else if (flag === 'i') caseInsensitive = true;
        else if (flag === 'F') fixed = true;
      }
      continue;
    }
    if (arg.startsWith('-')) return TERMINAL;
    operands.push(arg);
  }
  const [pattern, ...paths] = operands;
  // Without -r a grep of one file prints no path; without -n no line numbers.
  if (!recursive || !numbered || pattern === undefined || pattern === '' || paths.length > 1) return TERMINAL;
  return { kind: 'search', pattern, fixed, caseInsensitive, ...(paths[0] === undefined || paths[0] === '.' ? {} : { path: paths[0] }) };
}

function listing(args: string[]): CommandClass {
  const operands: string[] = [];
  for (const arg of args) {
    if (/^-[1aA]+$/.test(arg)) continue;
    if (arg.startsWith('-')) return TERMINAL; // -l and friends print more than names
    operands.push(arg);
  }
  if (operands.length > 1) return TERMINAL;
  return { kind: 'list', tool: 'ls', pattern: '*', ...(operands[0] === undefined || operands[0] === '.' ? {} : { path: operands[0] }) };
}

function findListing(args: string[]): CommandClass {
  let rest = args;
  let path: string | undefined;
  if (rest[0] !== undefined && !rest[0].startsWith('-')) {
    path = rest[0];
    rest = rest.slice(1);
  }
  let name: string | undefined;
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index]!;
    const value = rest[index + 1];
    if (value === undefined) return TERMINAL;
    if (arg === '-type' && (value === 'f' || value === 'd')) index += 1;
    else if (arg === '-maxdepth' && /^\d+$/.test(value)) index += 1;
    else if (arg === '-name' && name === undefined) {
      name = value;
      index += 1;
    } else return TERMINAL;
  }
  return { kind: 'list', tool: 'find', pattern: name === undefined ? '**/*' : `**/${name}`, ...(path === undefined || path === '.' ? {} : { path }) };
}

function fdListing(args: string[]): CommandClass {
  const operands: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if ((arg === '-t' || arg === '--type') && args[index + 1] !== undefined) {
      index += 1;
      continue;
    }
    if (arg === '-H' || arg === '--hidden') continue;
    if (arg.startsWith('-')) return TERMINAL;
    operands.push(arg);
  }
  if (operands.length > 2) return TERMINAL;
  const [pattern, path] = operands;
  return { kind: 'list', tool: 'fd', pattern: pattern ?? '**/*', ...(path === undefined || path === '.' ? {} : { path }) };
}

function withDir(command: CommandClass, dir: string | undefined): CommandClass {
  if (dir === undefined || command.kind === 'terminal') return command;
  return { ...command, dir };
}

function isWord(token: ShellToken | undefined, text: string): boolean {
  return token?.kind === 'word' && token.text === text;
}

function isOperator(token: ShellToken | undefined, text: string): boolean {
  return token?.kind === 'operator' && token.text === text;
}
