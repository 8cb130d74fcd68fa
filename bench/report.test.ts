import { describe, expect, it } from 'vitest';
import { measuredFigure } from './figures';
import type { MachineInfo } from './machine';
import { markdownReport, mergeSections, readReportData, type BenchSection } from './report';

const machine: MachineInfo = {
  cpu: 'test cpu', cores: 2, memoryGB: 4, os: 'test', node: 'v20', chromium: 'Chromium 1', loadAtStart: 0.5, loadAtEnd: 0.5,
};

function section(name: string, measuredAt: string, median: number): BenchSection {
  return {
    name, about: `about ${name}`, measuredAt, machine, quick: false, runs: 5, seconds: 1,
    outcome: { figures: [measuredFigure(`${name}.x`, `${name} figure`, 'ms', [median], { op: '≤', value: 10 })] },
  };
}

describe('the report', () => {
  it('round-trips its sections through BENCHMARKS.md', () => {
    const sections = [section('grep', '2025-01-01T00:00:00.000Z', 5)];
    expect(readReportData(markdownReport(sections, new Date('2025-01-01T00:00:00Z')))).toEqual(sections);
  });

  it('keeps stored sections a partial run did not measure, in bench order', () => {
    const stored = [section('grep', 'old', 5), section('read', 'old', 5)];
    const merged = mergeSections(stored, [section('read', 'new', 7)], ['grep', 'glob', 'read']);
    expect(merged.map((entry) => `${entry.name}@${entry.measuredAt}`)).toEqual(['grep@old', 'read@new']);
  });

  it('lists a missed target with its recorded cause or a request to investigate', () => {
    const markdown = markdownReport([section('grep', 'now', 20)], new Date());
    expect(markdown).toContain('## Targets missed');
    expect(markdown).toContain('grep figure');
  });

  it('reads nothing from a file without stored data', () => {
    expect(readReportData('# Benchmarks\n')).toEqual([]);
    expect(readReportData(undefined)).toEqual([]);
  });
});
