import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { ImportedSource } from '@toolcards/importers';

/** A folder whose transcripts one agent writes, walked for its sessions. */
export interface TranscriptFolder {
  source: ImportedSource;
  /** Claude Code: `<config dir>/projects`; Codex: `<CODEX_HOME>/sessions`. */
  root: string;
}

/** Where to look for one agent: its config folder (the flag), off, or undefined for the default. */
export type FolderChoice = string | false | undefined;

/**
 * The folders watched by default: Claude Code's `$CLAUDE_CONFIG_DIR` or `~/.claude`, Codex's
 * `$CODEX_HOME` or `~/.codex`. A flag's folder wins; `false` turns that agent off.
 */
export function transcriptFolders(input: {
  claude: FolderChoice;
  codex: FolderChoice;
  env: Record<string, string | undefined>;
  cwd: string;
  homeDir?: string;
}): TranscriptFolder[] {
  const home = input.homeDir ?? homedir();
  const folders: TranscriptFolder[] = [];
  const configDir = (choice: FolderChoice, envName: string, fallback: string): string | undefined => {
    if (choice === false) return undefined;
    const chosen = choice ?? nonEmpty(input.env[envName]) ?? join(home, fallback);
    const expanded = chosen === '~' ? home : chosen.startsWith('~/') ? join(home, chosen.slice(2)) : chosen;
    return isAbsolute(expanded) ? expanded : resolve(input.cwd, expanded);
  };
  const claude = configDir(input.claude, 'CLAUDE_CONFIG_DIR', '.claude');
  if (claude !== undefined) folders.push({ source: 'claude-code', root: join(claude, 'projects') });
  const codex = configDir(input.codex, 'CODEX_HOME', '.codex');
  if (codex !== undefined) folders.push({ source: 'codex', root: join(codex, 'sessions') });
  return folders;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
