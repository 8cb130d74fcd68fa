import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';
import { rm } from 'node:fs/promises';
import { buildFixtureWorkspace, makeDataDir, type WorkspaceFiles } from './fixture-workspace';
import { startToolcards, type ToolcardsProcess } from './toolcards-process';

export interface Toolcards extends ToolcardsProcess {
  workspace: string;
  dataDir: string;
  /** Stop this server and start another on the same workspace, data dir and port. */
  restart(): Promise<Toolcards>;
}

interface Fixtures {
  /** Files of this test's workspace; override per describe with `test.use({ workspaceFiles })`. */
  workspaceFiles: WorkspaceFiles;
  toolcards: Toolcards;
  /** Console errors and page errors seen so far on `page`. */
  consoleErrors: string[];
  /** Every WebSocket frame the page sent or got, attached to a failed test (a flake can be read afterwards). */
  socketLog: void;
}

const DEFAULT_FILES: WorkspaceFiles = {
  'src/greet.ts': 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n',
  'README.md': '# fixture\n\nA tiny workspace for end-to-end tests.\n',
};

export const test = base.extend<Fixtures>({
  workspaceFiles: [DEFAULT_FILES, { option: true }],
  toolcards: async ({ workspaceFiles }, use) => {
    const workspace = await buildFixtureWorkspace(workspaceFiles);
    const dataDir = await makeDataDir();
    const running: ToolcardsProcess[] = [];
    const launch = async (port?: number): Promise<Toolcards> => {
      const started = await startToolcards({ workspace, dataDir, ...(port === undefined ? {} : { port }) });
      running.push(started);
      return {
        ...started,
        workspace,
        dataDir,
        restart: async () => {
          await started.stop();
          return launch(started.port);
        },
      };
    };
    await use(await launch());
    for (const server of running) await server.stop();
    await rm(workspace, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    await use(errors);
  },
  socketLog: [
    async ({ page }, use, testInfo) => {
      const lines: string[] = [];
      const started = Date.now();
      const note = (what: string) => lines.length < 5_000 && lines.push(`${String(Date.now() - started).padStart(6)} ms ${what}`);
      page.on('websocket', (socket) => {
        note(`open ${socket.url().replace(/token=[^&]+/, 'token=…')}`);
        socket.on('framesent', (frame) => note(`→ ${String(frame.payload).slice(0, 160)}`));
        socket.on('framereceived', (frame) => note(`← ${String(frame.payload).slice(0, 160)}`));
        socket.on('close', () => note('close'));
      });
      await use();
      if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('websocket frames', { body: lines.join('\n'), contentType: 'text/plain' });
    },
    { auto: true },
  ],
});

export { expect };

/** Runs a composer command the way a person types it. */
export async function runCommand(page: Page, command: string): Promise<void> {
  const composer = page.getByRole('textbox', { name: /command|message|composer/i });
  await composer.fill(command);
  await composer.press('Enter');
}
