import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { defaultOpen, parseCliArgs, USAGE, type ServeArgs } from './cli-args';
import { editorSetting } from './editor-setting';
import { transcriptFolders } from '../agent-sessions/transcript-folders';
import type { RunningServer } from '../index';
import type { ModelDriver } from '../model/model-driver';
import { SERVER_VERSION } from '../package/server-version';

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
  /** Base for a relative workspace and data dir (npm start passes INIT_CWD). */
  cwd: string;
  env: Record<string, string | undefined>;
  /** Resolves on SIGINT/SIGTERM (injected so tests can stop the server). */
  untilStopSignal?: () => Promise<string>;
  /** The model driver, once one exists for the environment's configuration. */
  modelDriver?: ModelDriver;
}

/** Exit codes: 0 clean stop, 1 could not start, 2 bad command line. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const command = parseCliArgs(argv);
  switch (command.command) {
    case 'help':
      io.stdout.write(`${USAGE}\n`);
      return 0;
    case 'version':
      io.stdout.write(`${SERVER_VERSION}\n`);
      return 0;
    case 'invalid':
      io.stderr.write(`toolcards: ${command.message}\n\n${USAGE}\n`);
      return 2;
    case 'tool': {
      // A small chunk of its own, loaded first: the sandbox probe runs while the tools load.
      const { startToolCommand } = await import('@toolcards/tools/tool-command-start');
      startToolCommand(command.argv);
      const { runToolCommand } = await import('@toolcards/tools');
      const controller = new AbortController();
      const onInterrupt = () => controller.abort();
      process.once('SIGINT', onInterrupt);
      try {
        return await runToolCommand(command.argv, { stdout: io.stdout, stderr: io.stderr, cwd: io.cwd, signal: controller.signal });
      } finally {
        process.off('SIGINT', onInterrupt);
      }
    }
    case 'export': {
      const { runExportCommand } = await import('./export-command');
      return runExportCommand(command.argv, io);
    }
    case 'serve':
      return serve(command.args, io);
  }
}

async function serve(args: ServeArgs, io: CliIo): Promise<number> {
  // Loaded here rather than above, so `toolcards tool …`, --version and --help never load
  // the server, the session store or the WebSocket library (in the bundle: separate chunks).
  const [{ resolveDataDir }, { savedAccessToken }, { PortInUseError, startServer, WorkspaceError }, { modelSetupFrom }] = await Promise.all([
    import('@toolcards/session'),
    import('./saved-token'),
    import('../index'),
    import('../model/model-setup'),
  ]);
  // Probed while the server starts (once; tool calls reuse it), so the warning comes with the banner.
  const { ripgrepSandboxSupport, sandboxWarning } = await import('@toolcards/tools');
  const sandboxProbe = args.allowOutsideWorkspace ? undefined : ripgrepSandboxSupport();
  const workspace = resolve(io.cwd, args.workspace ?? '.');
  const dataDir = resolveDataDir({ flag: args.dataDir, env: io.env, cwd: io.cwd });
  const report = (message: string) => io.stderr.write(`toolcards: ${message}\n`);
  const editor = editorSetting(args.editor, io.env);
  if (editor.kind === 'invalid') {
    io.stderr.write(`toolcards: ${editor.message}\n`);
    return 2;
  }
  let modelDriver = io.modelDriver;
  if (!modelDriver) {
    const setup = modelSetupFrom({ model: args.model, baseUrl: args.baseUrl, maxSteps: args.maxSteps }, io.env, report);
    switch (setup.kind) {
      case 'invalid':
        io.stderr.write(`toolcards: ${setup.message}\n`);
        return 2;
      case 'off':
        if (setup.notice) report(setup.notice);
        break;
      case 'configured':
        modelDriver = setup.driver;
        break;
    }
  }
  let server: RunningServer;
  try {
    const { token } = await savedAccessToken(dataDir, { rotate: args.rotateToken });
    server = await startServer({
      workspace,
      dataDir,
      token,
      host: args.host,
      port: args.port,
      allowOutsideWorkspace: args.allowOutsideWorkspace,
      editor: editor.editor,
      ...(args.maxRunningTools === undefined ? {} : { maxRunningTools: args.maxRunningTools }),
      ...(modelDriver ? { modelDriver } : {}),
      transcriptFolders: transcriptFolders({ claude: args.claudeDir, codex: args.codexDir, env: io.env, cwd: io.cwd }),
      report,
    });
  } catch (error) {
    if (error instanceof PortInUseError || error instanceof WorkspaceError) {
      io.stderr.write(`toolcards: ${error.message}\n`);
      return 1;
    }
    io.stderr.write(`toolcards: could not start: ${(error as Error)?.stack ?? String(error)}\n`);
    return 1;
  }

  const sandboxNotice = sandboxProbe === undefined ? undefined : sandboxWarning(await sandboxProbe);
  if (sandboxNotice !== undefined) report(sandboxNotice);
  // Listening before the URL goes out: whoever reads it may stop the server at once (on a busy
  // machine the reader can run between the write and the next line, and SIGTERM then killed us).
  const stopped = (io.untilStopSignal ?? untilProcessStopSignal)();
  io.stdout.write(startBanner(server, args));
  if (!server.clientBuilt) {
    io.stderr.write('toolcards: the client is not built (dist/client is missing); run `npm start` or `npm run build` in the checkout.\n');
  }
  if (args.open ?? defaultOpen({ isTTY: io.stdout.isTTY, env: io.env })) openBrowser(server.url, io);

  const signal = await stopped;
  io.stderr.write(`toolcards: ${signal}: stopping (logs are being flushed)…\n`);
  await server.close();
  io.stderr.write('toolcards: stopped\n');
  return 0;
}

/** What a person needs to get in; the `open` line is the one to click. */
export function startBanner(server: RunningServer, args: Pick<ServeArgs, 'allowOutsideWorkspace'>): string {
  const model = server.model
    ? `${server.model.model} (${server.model.baseUrl})`
    : 'not configured — set TOOLCARDS_API_KEY or DEEPSEEK_API_KEY; tools still run from the composer';
  const lines = [
    `toolcards ${SERVER_VERSION}`,
    `  workspace  ${server.workspace}${args.allowOutsideWorkspace ? '  (tools may read outside it)' : ''}`,
    `  sessions   ${server.dataDir}`,
    `  model      ${model}`,
    '',
    `  open ${server.url}`,
    '',
  ];
  return lines.join('\n') + '\n';
}

function untilProcessStopSignal(): Promise<string> {
  return new Promise((resolveSignal) => {
    const stop = (signal: NodeJS.Signals) => {
      // A second Ctrl-C while shutting down means "now".
      process.once('SIGINT', () => process.exit(130));
      resolveSignal(signal);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

function openBrowser(url: string, io: CliIo): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url.replaceAll('&', '^&')]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => io.stderr.write('toolcards: could not open a browser; open the URL above yourself\n'));
    child.unref();
  } catch {
    io.stderr.write('toolcards: could not open a browser; open the URL above yourself\n');
  }
}

function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env };
}
