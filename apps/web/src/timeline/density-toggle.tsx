import { setDensity, useDensity } from './density-setting';

/**
 * Compact (runs of reads and searches folded) or full (every card at full size), remembered
 * in the browser. A toggle button: pressed means compact. Fixed width: no layout shift.
 */
export function DensityToggle() {
  const density = useDensity();
  const compact = density === 'compact';
  const text = compact ? 'Density: compact, runs of reads and searches folded' : 'Density: full, every card at full size';
  return (
    <button
      type="button"
      className="density-toggle"
      aria-pressed={compact}
      aria-label="Fold runs of reads and searches"
      title={`${text} (click to change)`}
      onClick={() => setDensity(compact ? 'full' : 'compact')}
    >
      <span aria-hidden="true">{compact ? '⊟' : '⊞'}</span>
    </button>
  );
}
