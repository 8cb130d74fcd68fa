import { describe, expect, it } from 'vitest';
import { lastActivityLabel } from './last-activity-label';

describe('lastActivityLabel', () => {
  const now = Date.parse('2025-03-10T12:00:00Z');
  it('says how long ago, coarsely', () => {
    expect(lastActivityLabel('2025-03-10T11:59:30Z', now)).toBe('just now');
    expect(lastActivityLabel('2025-03-10T12:00:30Z', now)).toBe('just now');
    expect(lastActivityLabel('2025-03-10T11:55:00Z', now)).toBe('5 min ago');
    expect(lastActivityLabel('2025-03-10T09:00:00Z', now)).toBe('3 h ago');
    expect(lastActivityLabel('2025-03-09T10:00:00Z', now)).toBe('yesterday');
    expect(lastActivityLabel('2025-03-06T10:00:00Z', now)).toBe('4 days ago');
    expect(lastActivityLabel('2025-01-02T10:00:00Z', now)).toBe('2025-01-02');
  });

  it('shows an unreadable time as it is', () => {
    expect(lastActivityLabel('yesterday-ish', now)).toBe('yesterday-ish');
  });
});
