import { vi } from 'vitest';
import type { ExportApi } from '../export-api';
import type { ExportFinding, ExportPreview } from '@toolcards/protocol';

export const AWS_FINDING: ExportFinding = { id: 'f1', rule: 'aws-access-key-id', label: 'AWS access key ID', sample: 'AKIA••••', count: 2, where: ['#3 read', '#9 grep'] };
export const TOKEN_FINDING: ExportFinding = { id: 'f2', rule: 'github-token', label: 'GitHub token', sample: 'ghp_••••', count: 1, where: ['#14 terminal'] };

/** The export routes answering a fixed preview; `fileError` makes the download fail with it. */
export function previewApi(preview: ExportPreview, fileError?: Error): ExportApi & { preview: ReturnType<typeof vi.fn>; file: ReturnType<typeof vi.fn> } {
  return {
    preview: vi.fn(() => Promise.resolve(preview)),
    file: vi.fn(() => (fileError ? Promise.reject(fileError) : Promise.resolve({ blob: new Blob(['<!doctype html>']), fileName: 'toolcards-s1.html' }))),
  };
}
