import { describe, expect, it } from 'vitest';
import { defaultOpen, parseCliArgs } from './cli-args';

const defaults = { workspace: undefined, port: 3080, host: '127.0.0.1', dataDir: undefined, open: undefined, allowOutsideWorkspace: false, model: undefined, baseUrl: undefined, maxSteps: undefined, maxRunningTools: undefined, rotateToken: false, editor: undefined, claudeDir: undefined, codexDir: undefined };

describe('parseCliArgs', () => {
  it('serves the current folder with safe defaults', () => {
    expect(parseCliArgs([])).toEqual({ command: 'serve', args: defaults });
  });

  it('reads every option, in both --flag value and --flag=value forms', () => {
    expect(parseCliArgs(['ws', '--port', '0', '--host=0.0.0.0', '--data-dir', '/d', '--open', '--allow-outside-workspace'])).toEqual({
      command: 'serve',
      args: { ...defaults, workspace: 'ws', port: 0, host: '0.0.0.0', dataDir: '/d', open: true, allowOutsideWorkspace: true },
    });
    expect(parseCliArgs(['--no-open', '--port=4000'])).toEqual({ command: 'serve', args: { ...defaults, open: false, port: 4000 } });
  });

  it('reads the model flags (the key never comes from a flag)', () => {
    expect(parseCliArgs(['--model', 'm1', '--base-url=http://127.0.0.1:9/v1', '--max-steps', '7'])).toEqual({
      command: 'serve',
      args: { ...defaults, model: 'm1', baseUrl: 'http://127.0.0.1:9/v1', maxSteps: '7' },
    });
    expect(parseCliArgs(['--api-key', 'sk-x'])).toMatchObject({ command: 'invalid' });
  });

  it("points the Claude Code and Codex folders elsewhere, or turns either or both off", () => {
    expect(parseCliArgs(['--claude-dir', '/c', '--codex-dir=/x'])).toEqual({ command: 'serve', args: { ...defaults, claudeDir: '/c', codexDir: '/x' } });
    expect(parseCliArgs(['--no-codex'])).toEqual({ command: 'serve', args: { ...defaults, codexDir: false } });
    expect(parseCliArgs(['--no-claude', '--codex-dir', '/x'])).toEqual({ command: 'serve', args: { ...defaults, claudeDir: false, codexDir: '/x' } });
    expect(parseCliArgs(['--claude-dir', '/c', '--no-agent-sessions'])).toEqual({ command: 'serve', args: { ...defaults, claudeDir: false, codexDir: false } });
    expect(parseCliArgs(['--claude-dir='])).toEqual({ command: 'invalid', message: "--claude-dir needs a folder (Claude Code's, holding projects/)" });
  });

  it('reads how many tool calls may run at once', () => {
    expect(parseCliArgs(['--max-running-tools', '2'])).toEqual({ command: 'serve', args: { ...defaults, maxRunningTools: 2 } });
    expect(parseCliArgs(['--max-running-tools=16'])).toMatchObject({ args: { maxRunningTools: 16 } });
  });

  it('reads --rotate-token', () => {
    expect(parseCliArgs(['--rotate-token'])).toEqual({ command: 'serve', args: { ...defaults, rotateToken: true } });
    expect(parseCliArgs(['--rotate-token=yes'])).toEqual({ command: 'invalid', message: '--rotate-token takes no value' });
  });

  it('reads --editor, one of the closed list', () => {
    expect(parseCliArgs(['--editor', 'cursor'])).toEqual({ command: 'serve', args: { ...defaults, editor: 'cursor' } });
    for (const editor of ['vscode', 'zed', 'idea', 'none'] as const) {
      expect(parseCliArgs([`--editor=${editor}`])).toMatchObject({ args: { editor } });
    }
  });

  it('lets the last of --open/--no-open win', () => {
    expect(parseCliArgs(['--open', '--no-open'])).toMatchObject({ args: { open: false } });
  });

  it('treats everything after -- as the workspace', () => {
    expect(parseCliArgs(['--', '--weird-folder'])).toMatchObject({ args: { workspace: '--weird-folder' } });
  });

  it('hands everything after `tool` to the tool command', () => {
    expect(parseCliArgs(['tool', 'read', '{"path":"a"}', '--json'])).toEqual({ command: 'tool', argv: ['read', '{"path":"a"}', '--json'] });
    expect(parseCliArgs(['./tool'])).toMatchObject({ command: 'serve', args: { workspace: './tool' } });
  });

  it('answers help and version', () => {
    expect(parseCliArgs(['-h'])).toEqual({ command: 'help' });
    expect(parseCliArgs(['ws', '--help'])).toEqual({ command: 'help' });
    expect(parseCliArgs(['--version'])).toEqual({ command: 'version' });
  });

  it.each([
    [['--port'], /--port needs a number/],
    [['--port', 'http'], /not "http"/],
    [['--port', '70000'], /0 to 65535/],
    [['--port', '-1'], /--port needs a number/],
    [['--port', '80.5'], /--port needs a number/],
    [['--host'], /--host needs an address/],
    [['--data-dir', '--open'], /--data-dir needs a folder/],
    [['--open=yes'], /takes no value/],
    [['--allow-outside-workspace=1'], /takes no value/],
    [['--model'], /--model needs a value/],
    [['--base-url', '--open'], /--base-url needs a value/],
    [['--max-running-tools', '0'], /--max-running-tools needs a whole number from 1/],
    [['--max-running-tools', '1.5'], /not "1.5"/],
    [['--max-running-tools'], /--max-running-tools needs a whole number/],
    [['--editor'], /--editor needs one of vscode, cursor, zed, idea, none$/],
    [['--editor='], /--editor needs one of vscode, cursor, zed, idea, none$/],
    [['--editor', 'vim'], /--editor needs one of vscode, cursor, zed, idea, none, not "vim"/],
    [['--editor', 'VSCode'], /not "VSCode"/],
    [['--frobnicate'], /unknown option --frobnicate/],
    [['a', 'b'], /only one workspace/],
  ])('refuses %j', (argv, message) => {
    const parsed = parseCliArgs(argv);
    expect(parsed.command).toBe('invalid');
    expect(parsed.command === 'invalid' && parsed.message).toMatch(message);
  });
});

describe('defaultOpen', () => {
  it('opens a browser only at a terminal outside CI', () => {
    expect(defaultOpen({ isTTY: true, env: {} })).toBe(true);
    expect(defaultOpen({ isTTY: false, env: {} })).toBe(false);
    expect(defaultOpen({ isTTY: undefined, env: {} })).toBe(false);
    expect(defaultOpen({ isTTY: true, env: { CI: 'true' } })).toBe(false);
    expect(defaultOpen({ isTTY: true, env: { CI: '1' } })).toBe(false);
    expect(defaultOpen({ isTTY: true, env: { CI: 'false' } })).toBe(true);
    expect(defaultOpen({ isTTY: true, env: { CI: '' } })).toBe(true);
  });
});
