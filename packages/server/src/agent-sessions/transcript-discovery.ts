import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { TranscriptFolder } from './transcript-folders';

/**
 * The session transcripts in an agent's folder. Claude Code: `projects/<slug>/<session>.jsonl`,
 * and its subagents' `<session>/subagents/agent-*.jsonl` (2.1) or the older `agent-*.jsonl`
 * beside it, each a session of its own. Codex: `sessions/YYYY/MM/DD/rollout-*.jsonl`.
 * A missing folder has none.
 */
export async function discoverTranscripts(folder: TranscriptFolder): Promise<string[]> {
  switch (folder.source) {
    case 'claude-code': {
      const found: string[] = [];
      for (const project of await folderNames(folder.root)) {
        for (const name of await fileNames(join(folder.root, project))) {
          if (isClaudeTranscriptName(name) || isClaudeSubagentName(name)) found.push(join(folder.root, project, name));
        }
        for (const session of await folderNames(join(folder.root, project))) {
          const dir = join(folder.root, project, session, 'subagents');
          for (const name of await fileNames(dir)) if (isClaudeSubagentName(name)) found.push(join(dir, name));
        }
      }
      return found;
    }
    case 'codex': {
      const found: string[] = [];
      for (const year of await folderNames(folder.root)) {
        for (const month of await folderNames(join(folder.root, year))) {
          for (const day of await folderNames(join(folder.root, year, month))) {
            const dir = join(folder.root, year, month, day);
            for (const name of await fileNames(dir)) if (isCodexRolloutName(name)) found.push(join(dir, name));
          }
        }
      }
      return found;
    }
  }
}

export function isClaudeTranscriptName(name: string): boolean {
  return name.endsWith('.jsonl') && !name.startsWith('agent-');
}

export function isClaudeSubagentName(name: string): boolean {
  return name.endsWith('.jsonl') && name.startsWith('agent-');
}

export function isCodexRolloutName(name: string): boolean {
  return name.startsWith('rollout-') && name.endsWith('.jsonl');
}

/** Whether a path under the folder's root (as a watch names it) can be a transcript of this agent. */
export function transcriptPathShape(folder: TranscriptFolder, relative: string): boolean {
  const parts = relative.split(/[\\/]/);
  const name = parts.at(-1) ?? '';
  switch (folder.source) {
    case 'claude-code':
      return (
        (parts.length === 2 && (isClaudeTranscriptName(name) || isClaudeSubagentName(name))) ||
        (parts.length === 4 && parts[2] === 'subagents' && isClaudeSubagentName(name))
      );
    case 'codex':
      return parts.length === 4 && isCodexRolloutName(name);
  }
}

async function folderNames(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  } catch {
    return [];
  }
}

async function fileNames(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name).sort();
  } catch {
    return [];
  }
}
