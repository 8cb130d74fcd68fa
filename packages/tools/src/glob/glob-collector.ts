import { globPathLine } from './glob-render';

export interface GlobCollectorOptions {
  maxResults: number;
  /** ripgrep's path as people see it (workspace-relative, `/`). */
  showPath(rgPath: string): string;
  /** False for a path that does not really lie in the workspace (a folder swapped for a symlink mid-walk): it is dropped. */
  reports?(rgPath: Buffer): boolean;
  /** Receives every path, one per line, once the cap is exceeded. Absent: later paths are only counted. */
  spill?: (text: string) => void;
}

/** Consumes `rg --files --null` records as they stream: counts all, keeps the first page, spills the rest. */
export class GlobCollector {
  private readonly paths: string[] = [];
  private total = 0;
  private dropped = 0;

  constructor(private readonly options: GlobCollectorOptions) {}

  record(buffer: Buffer, start: number, end: number): void {
    if (this.options.reports?.(buffer.subarray(start, end)) === false) {
      this.dropped += 1;
      return;
    }
    this.total += 1;
    const { maxResults, spill, showPath } = this.options;
    if (this.total <= maxResults) {
      this.paths.push(showPath(buffer.toString('utf8', start, end)));
      return;
    }
    if (spill === undefined) return;
    if (this.total === maxResults + 1) spill(this.paths.map(globPathLine).join(''));
    spill(globPathLine(showPath(buffer.toString('utf8', start, end))));
  }

  /** `outside`: paths dropped because they led out of the workspace. */
  result(): { paths: string[]; total: number; outside: number } {
    return { paths: this.paths, total: this.total, outside: this.dropped };
  }
}
