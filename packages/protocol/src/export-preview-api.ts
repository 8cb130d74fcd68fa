import { z } from 'zod';
import { lazySchema } from './lazy-schema';

// ── The export's masking preview (issue 29) ─────────────────────────────────
//   GET /api/sessions/:id/export/preview?from=&to=&words=  → ExportPreview
// What masking will hide before the file is made; the value itself never comes.

/** One secret as the preview lists it: the dialog unmasks it by `id`, stable for the same value and rule. */
export const exportFindingSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    rule: z.string(),
    label: z.string(),
    /** The start of the value and dots, never the value: 'AKIA••••'. */
    sample: z.string(),
    /** Events it appears in. */
    count: z.number(),
    /** The first few of those events, as `#seq tool` (e.g. '#12 read'). */
    where: z.array(z.string()),
  }),
);
export type ExportFinding = z.infer<typeof exportFindingSchema>;

export const exportPreviewSchema = lazySchema(() =>
  z.object({
    findings: z.array(exportFindingSchema),
    /** The home folder appears in the session (it is shown as `~`). */
    homePath: z.boolean(),
  }),
);
export type ExportPreview = z.infer<typeof exportPreviewSchema>;
