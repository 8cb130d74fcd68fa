import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExportApi } from './export-api';
import type { ExportFileQuery } from './export-query';
import { ExportDialog } from './export-dialog';
import { AWS_FINDING, TOKEN_FINDING, previewApi } from './test-support/export-api-fixtures';

function renderDialog(api: ExportApi, extra: { initialFrom?: number } = {}) {
  const onFile = vi.fn();
  const onClose = vi.fn();
  render(<ExportDialog sessionId="s1" api={api} onFile={onFile} onClose={onClose} {...extra} />);
  return { onFile, onClose };
}

describe('ExportDialog', () => {
  it('lists what masking will hide, rule and sample, and leaves in what is unticked, with the added words', async () => {
    const api = previewApi({ findings: [AWS_FINDING, TOKEN_FINDING], homePath: true });
    const { onFile } = renderDialog(api);
    const list = await screen.findByRole('list', { name: 'What will be masked' });
    expect(list.textContent).toContain('aws-access-key-id');
    expect(list.textContent).toContain('AKIA••••');
    expect(list.textContent).toContain('#3 read');
    expect(screen.getByText(/home folder will be shown as ~/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: `Mask ${TOKEN_FINDING.label} ${TOKEN_FINDING.sample}` }));
    await user.type(screen.getByLabelText(/Also mask these words/), 'acme, Project Lark');
    await user.click(screen.getByRole('radio', { name: 'Markdown' }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(onFile).toHaveBeenCalledTimes(1));
    expect(api.file).toHaveBeenCalledWith('s1', { format: 'md', mask: true, unmask: [TOKEN_FINDING.id], words: ['acme', 'Project Lark'] } satisfies ExportFileQuery);
  });

  it('asks the preview again with the added words', async () => {
    const api = previewApi({ findings: [], homePath: false });
    renderDialog(api);
    await screen.findByText('No secrets found.');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Also mask these words/), 'acme');
    await user.click(screen.getByRole('button', { name: 'Update preview' }));
    await waitFor(() => expect(api.preview).toHaveBeenLastCalledWith('s1', {}, ['acme'], expect.anything()));
  });

  it("starts the range at the page's addressed card and refuses a range that ends before it starts", async () => {
    const api = previewApi({ findings: [], homePath: false });
    renderDialog(api, { initialFrom: 12 });
    expect((screen.getByRole('textbox', { name: 'From card seq' }) as HTMLInputElement).value).toBe('12');
    await waitFor(() => expect(api.preview).toHaveBeenCalledWith('s1', { from: 12 }, [], expect.anything()));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'To card seq' }), '4');
    expect(screen.getByRole('alert').textContent).toContain('the range ends before it starts');
    expect((screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(screen.getByRole('textbox', { name: 'To card seq' }));
    await user.type(screen.getByRole('textbox', { name: 'To card seq' }), '40');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(api.file).toHaveBeenCalledWith('s1', expect.objectContaining({ from: 12, to: 40, format: 'html' })));
  });

  it('exports unmasked when masking is turned off, and says why a download failed', async () => {
    const api = previewApi({ findings: [AWS_FINDING], homePath: false }, new Error('unknown session s1 [UNKNOWN_SESSION]'));
    renderDialog(api);
    await screen.findByRole('list', { name: 'What will be masked' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Mask secrets before export' }));
    expect(screen.queryByRole('list', { name: 'What will be masked' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect((await screen.findByRole('alert')).textContent).toContain('UNKNOWN_SESSION');
    expect(api.file).toHaveBeenCalledWith('s1', expect.objectContaining({ mask: false }));
  });

  it('closes on Escape (the dialog is cancelled) and on Cancel', async () => {
    const { onClose } = renderDialog(previewApi({ findings: [], homePath: false }));
    fireEvent(screen.getByRole('dialog', { hidden: true }), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('says when the preview could not be listed', async () => {
    const api: ExportApi = { preview: vi.fn(() => Promise.reject(new Error('HTTP 500'))), file: vi.fn() };
    renderDialog(api);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not list what will be masked: HTTP 500');
  });
});
