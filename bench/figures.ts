import { summarize, type Summary } from './stats';

/** How a figure is printed; `ms-longtask` prints 0 as "none ≥ 50 ms" (the Long Tasks API reports nothing shorter). */
export type Unit = 'ms' | 'ms-longtask' | 'ratio' | 'MB/s' | 'MB' | 'kB' | 'count';

/** A target from the issue: the median must be ≤, ≥ or < the value. */
export interface Target {
  op: '≤' | '≥' | '<';
  value: number;
}

/** One line of the benchmark table. */
export interface Figure {
  /** Stable id (`grep.common.ratio`): the key of its miss reason. */
  id: string;
  label: string;
  unit: Unit;
  summary: Summary;
  /** A deterministic figure (a size): printed without min–max. */
  exact?: boolean;
  target?: Target;
}

/** What one benchmark hands back: its figures plus free-form Markdown details. */
export interface BenchOutcome {
  figures: Figure[];
  details?: string[];
}

export type TargetStatus = 'met' | 'missed' | 'none';

export function targetStatus(figure: Figure): TargetStatus {
  const { target } = figure;
  if (!target) return 'none';
  const value = figure.summary.median;
  const met = target.op === '≤' ? value <= target.value : target.op === '≥' ? value >= target.value : value < target.value;
  return met ? 'met' : 'missed';
}

export function measuredFigure(id: string, label: string, unit: Unit, samples: readonly number[], target?: Target): Figure {
  return { id, label, unit, summary: summarize(samples), ...(target ? { target } : {}) };
}

export function exactFigure(id: string, label: string, unit: Unit, value: number, target?: Target): Figure {
  return { id, label, unit, summary: summarize([value]), exact: true, ...(target ? { target } : {}) };
}

export function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case 'ms':
      return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(value < 10 ? 1 : 0)} ms`;
    case 'ms-longtask':
      return value === 0 ? 'none ≥ 50 ms' : `${value.toFixed(0)} ms`;
    case 'ratio':
      return `${value.toFixed(2)}×`;
    case 'MB/s':
      return value >= 1000 ? `${(value / 1000).toFixed(2)} GB/s` : `${value.toFixed(0)} MB/s`;
    case 'MB':
      return `${value.toFixed(1)} MB`;
    case 'kB':
      return `${value.toFixed(1)} kB`;
    case 'count':
      return Math.round(value).toLocaleString('en-US');
  }
}

export function formatTarget(figure: Figure): string {
  return figure.target ? `${figure.target.op} ${formatValue(figure.target.value, figure.unit === 'ms-longtask' ? 'ms' : figure.unit)}` : '—';
}

export function formatRange(figure: Figure): string {
  if (figure.exact) return '';
  return `${formatValue(figure.summary.min, figure.unit)} – ${formatValue(figure.summary.max, figure.unit)}`;
}
