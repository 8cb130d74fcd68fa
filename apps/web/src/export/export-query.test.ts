import { describe, expect, it } from 'vitest';
import { exportFilePath, exportPreviewPath, fileNameOf, seqOf, wordsOf } from './export-query';
import { exportPreviewFromJson } from './export-preview';

describe('export requests', () => {
  it('asks for the file with its format, range, the findings left in and the added words', () => {
    expect(exportFilePath('s 1', { format: 'html', mask: true, unmask: [], words: [] })).toBe('/api/sessions/s%201/export?format=html');
    expect(exportFilePath('s1', { format: 'md', from: 3, to: 9, mask: true, unmask: ['f1', 'f2'], words: ['acme'] })).toBe(
      '/api/sessions/s1/export?format=md&from=3&to=9&unmask=f1%2Cf2&words=acme',
    );
    expect(exportFilePath('s1', { format: 'html', mask: false, unmask: ['f1'], words: ['acme'] })).toBe('/api/sessions/s1/export?format=html&mask=0');
    expect(exportPreviewPath('s1', { from: 2 }, ['a', 'b'])).toBe('/api/sessions/s1/export/preview?from=2&words=a%2Cb');
    expect(exportPreviewPath('s1', {}, [])).toBe('/api/sessions/s1/export/preview');
  });

  it('reads the words field and a seq field', () => {
    expect(wordsOf(' acme, Project Lark\n\nzed ,')).toEqual(['acme', 'Project Lark', 'zed']);
    expect(seqOf('')).toEqual({});
    expect(seqOf(' 12 ')).toEqual({ seq: 12 });
    expect(seqOf('-1').error).toBeDefined();
    expect(seqOf('1.5').error).toBeDefined();
  });

  it("names the download as the server does, else after the session", () => {
    expect(fileNameOf('attachment; filename="toolcards-s1.html"', 's1', 'html')).toBe('toolcards-s1.html');
    expect(fileNameOf("attachment; filename*=UTF-8''toolcards-%C3%A9.md", 's1', 'md')).toBe('toolcards-é.md');
    expect(fileNameOf(null, 's1', 'md')).toBe('toolcards-s1.md');
  });

  it("accepts the preview route's answer and nothing else", () => {
    const finding = { id: 'f1', rule: 'jwt', label: 'JWT', sample: 'eyJ••••', count: 1, where: ['#2 read'] };
    expect(exportPreviewFromJson({ findings: [finding], homePath: false })).toEqual({ findings: [finding], homePath: false });
    expect(exportPreviewFromJson({ findings: [{ ...finding, id: 3 }], homePath: false })).toBeUndefined();
    expect(exportPreviewFromJson({ findings: [] })).toBeUndefined();
    expect(exportPreviewFromJson(null)).toBeUndefined();
  });
});
