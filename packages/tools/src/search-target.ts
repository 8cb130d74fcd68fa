import path from 'node:path';
import type { Workspace } from './tool';

/**
 * The path handed to ripgrep, and how its output paths are shown. Inside the
 * root, ripgrep runs from the root on a relative path (`.` for the root), so
 * its output is already workspace-relative; elsewhere (the spill folder, or an
 * opted-out workspace) it gets the absolute path.
 */
export interface SearchTarget {
  rgPath: string;
  showPath(rgOutputPath: string): string;
}

export function searchTarget(workspace: Workspace, absolute: string): SearchTarget {
  const shown = workspace.display(absolute);
  const relative = !shown.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(shown);
  return {
    rgPath: relative ? shown : absolute,
    showPath(rgOutputPath) {
      if (!relative) return workspace.display(rgOutputPath);
      const slashed = path.sep === '\\' ? rgOutputPath.replaceAll('\\', '/') : rgOutputPath;
      return slashed.startsWith('./') ? slashed.slice(2) : slashed;
    },
  };
}
