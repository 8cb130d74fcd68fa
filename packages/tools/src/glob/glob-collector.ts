export interface GlobCollectorOptions {
  maxResults: number;
  /** ripgrep's path as people see it (workspace-relative, `/`). */
  showPath(rgPath: string): string;
  /** Receives every path, one per line, once the cap is exceeded. Absent: later paths are only counted. */
  spill?: (text: string) => void;
}

/** Consumes `rg --files --null` records as they stream: counts all, keeps the first page, spills the rest. */
export class GlobCollector {
  private readonly paths: string[] = [];
  private total = 0;

  constructor(private readonly options: GlobCollectorOptions) {}

  record(buffer: Buffer, start: number, end: number): void {
    this.total += 1;
    const { maxResults, spill, showPath } = this.options;
    if (this.total <= maxResults) {
      this.paths.push(showPath(buffer.toString('utf8', start, end)));
      return;
    }
    if (spill === undefined) return;
    if (this.total === maxResults + 1) spill(this.paths.map((path) => `${path}\n`).join(''));
    spill(`${showPath(buffer.toString('utf8', start, end))}\n`);
  }

  result(): { paths: string[]; total: number } {
    return { paths: this.paths, total: this.total };
  }
}
