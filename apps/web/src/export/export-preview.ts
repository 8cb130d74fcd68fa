/** One thing masking will hide, as the preview route lists it (the value itself never comes). */
export interface ExportFinding {
  id: string;
  rule: string;
  label: string;
  /** The start of the value and dots: 'AKIA••••'. */
  sample: string;
  count: number;
  /** A few of the events it is in: '#12 read'. */
  where: string[];
}

export interface ExportPreview {
  findings: ExportFinding[];
  /** The home folder appears: it will be shown as `~`. */
  homePath: boolean;
}

/** The preview route's answer, checked; undefined for anything else (the dialog says it could not list). Pure. */
export function exportPreviewFromJson(body: unknown): ExportPreview | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { findings, homePath } = body as { findings?: unknown; homePath?: unknown };
  if (!Array.isArray(findings) || typeof homePath !== 'boolean') return undefined;
  const checked: ExportFinding[] = [];
  for (const finding of findings) {
    if (typeof finding !== 'object' || finding === null) return undefined;
    const { id, rule, label, sample, count, where } = finding as Record<string, unknown>;
    if (typeof id !== 'string' || typeof rule !== 'string' || typeof sample !== 'string' || typeof count !== 'number') return undefined;
    checked.push({
      id,
      rule,
      label: typeof label === 'string' ? label : rule,
      sample,
      count,
      where: Array.isArray(where) ? where.filter((place): place is string => typeof place === 'string') : [],
    });
  }
  return { findings: checked, homePath };
}
