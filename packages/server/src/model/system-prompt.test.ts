import { describe, expect, it } from 'vitest';
import { systemPrompt } from './system-prompt';

describe('systemPrompt', () => {
  it('names the workspace and the tools, and stays short', () => {
    const prompt = systemPrompt({ workspace: '/home/ada/project', toolNames: ['read', 'grep', 'glob'] });
    expect(prompt).toContain('/home/ada/project');
    expect(prompt).toContain('(read, grep, glob)');
    expect(prompt.length).toBeLessThan(1_000);
    expect(systemPrompt({ workspace: '/w', toolNames: ['read', 'grep', 'glob'] })).toBe(
      systemPrompt({ workspace: '/w', toolNames: ['read', 'grep', 'glob'] }),
    );
  });
});
