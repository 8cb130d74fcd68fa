import { exportPreviewSchema, type ExportPreview } from '@toolcards/protocol';

/** The preview route's answer, checked against protocol's schema; undefined for anything else (the dialog says it could not list). Pure. */
export function exportPreviewFromJson(body: unknown): ExportPreview | undefined {
  const parsed = exportPreviewSchema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}
