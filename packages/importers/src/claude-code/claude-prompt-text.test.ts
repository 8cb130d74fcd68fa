import { describe, expect, it } from 'vitest';
import { displayPath } from '../shared/display-path';
import { promptText, withoutSystemReminders } from './claude-prompt-text';

describe('a prompt without the harness wrappers', () => {
  it('shows a slash command as typed', () => {
    expect(promptText('<command-message>review is running…</command-message>\n<command-name>/review</command-name>\n<command-args>src/a.ts</command-args>')).toBe('/review src/a.ts');
    expect(promptText('<command-name>clear</command-name><command-args></command-args>')).toBe('/clear');
  });

  it('drops reminders and local command output, keeping the words', () => {
    expect(promptText('Fix it\n<system-reminder>IDE opened a.ts</system-reminder>')).toBe('Fix it');
    expect(promptText('<local-command-stdout>Set model to opus</local-command-stdout>')).toBe('');
    expect(withoutSystemReminders('1\ta\n\n<system-reminder>\nx\n</system-reminder>\n')).toBe('1\ta');
  });
});

describe('a path as shown', () => {
  it('is relative inside the folder, absolute outside it', () => {
    expect(displayPath('/w/src/a.ts', '/w')).toBe('src/a.ts');
    expect(displayPath('/w', '/w/')).toBe('.');
    expect(displayPath('/wx/a.ts', '/w')).toBe('/wx/a.ts');
    expect(displayPath('rel/a.ts', '/w')).toBe('rel/a.ts');
    expect(displayPath('/w/a.ts', undefined)).toBe('/w/a.ts');
  });
});
