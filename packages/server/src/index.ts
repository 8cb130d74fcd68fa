import { realpath, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_EDITOR, type Editor, type ServerInfo } from '@toolcards/protocol';
import { SessionStore } from '@toolcards/session';
import { SlotQueue, type ToolConfig } from '@toolcards/tools';
import { hostWithPort, newAccessToken, withoutToken } from './http/auth';
import type { BadFrameLimits } from './ws/bad-frame-budget';
import { createHttpServer } from './http/http-server';
import type { ModelDriver } from './model/model-driver';
import { outbound } from './wire/outbound-frames';
import { SERVER_VERSION } from './package/server-version';
import { SessionRegistry, type ToolsApi } from './runtime/session-registry';
import { StaticSite } from './http/static-files';
import { DEFAULT_DELIVERY_LIMITS, type DeliveryLimits } from './runtime/subscription/backpressure';
import { callView, describePresenterFailure, type PresenterFailure, type PresenterFailureHook } from './runtime/view-computation';
import { WebSocketHub } from './ws/websocket';
import { FullResults } from './full-result/full-results';
import { PinStore, pinsPathOf } from './pins/pin-store';
import { PACKAGE_ROOT } from './package/package-root';
import { AgentSessions } from './agent-sessions/agent-sessions';
import type { TranscriptFolder } from './agent-sessions/transcript-folders';
import type { AgentMapping } from './agent-sessions/agent-sessions';

export type { ModelDriver, ModelEvent, ModelSession, ModelToolCall, ModelToolOutcome, ModelTurnInput } from './model/model-driver';
export { MODEL_NOT_CONFIGURED_MESSAGE } from './model/model-driver';
export type { ToolsApi } from './runtime/session-registry';
export type { DeliveryLimits } from './runtime/subscription/backpressure';
export type { BadFrameLimits } from './ws/bad-frame-budget';
export type { PresenterFailure } from './runtime/view-computation';
export { SERVER_VERSION } from './package/server-version';
export type { TranscriptFolder } from './agent-sessions/transcript-folders';

export interface StartServerOptions {
  /** Folder the tools run on. Must exist. */
  workspace: string;
  /** Where session logs live (see @toolcards/session data-dir.ts). */
  dataDir: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 3080; 0 picks a free port (tests). */
  port?: number;
  /** Default: 256 random bits. */
  token?: string;
  /** Let tools read outside the workspace (the CLI's --allow-outside-workspace). */
  allowOutsideWorkspace?: boolean;
  /** Where the cards' "Open in editor" links point (the CLI's --editor). Default vscode. */
  editor?: Editor;
  /** Without one, user messages are logged and answered with MODEL_NOT_CONFIGURED. */
  modelDriver?: ModelDriver;
  /** The built client; default DEFAULT_CLIENT_DIR. */
  clientDir?: string;
  /** Default: the tools' DEFAULT_TOOL_CONFIG. */
  toolConfig?: ToolConfig;
  /**
   * Tool calls executing at once across every session of this server; more wait in
   * order, shown as queued. Default DEFAULT_MAX_RUNNING_TOOLS.
   */
  maxRunningTools?: number;
  /** Backpressure bounds (tests shrink them). */
  deliveryLimits?: Partial<DeliveryLimits>;
  /** How many bad frames a connection may send before it is closed (tests shrink them). */
  badFrameLimits?: BadFrameLimits;
  /** The tools package; tests may substitute fakes. Default: @toolcards/tools. */
  tools?: ToolsApi;
  /** Diagnostics (unreadable logs, failed requests). Default: stderr. The token is never in them. */
  report?: (message: string) => void;
  /** Every presenter that threw (also reported); for tests and embedding. */
  onPresenterFailure?: PresenterFailureHook;
  /**
   * Other agents' folders whose transcripts are listed as read-only sessions, mirrored into the
   * data dir and followed live (the CLI's default: Claude Code's and Codex's). Default: none.
   */
  transcriptFolders?: readonly TranscriptFolder[];
  /**
   * When a transcript never mapped is mapped into its mirror: in the background after a start
   * has listed them all from their heads (default), or only when its session is opened or its
   * file changes.
   */
  agentMapping?: AgentMapping;
}

export interface RunningServer {
  /** Start URL with the token: `http://127.0.0.1:3080/?token=…`. */
  url: string;
  host: string;
  port: number;
  token: string;
  /** Real path of the workspace. */
  workspace: string;
  dataDir: string;
  model: ServerInfo['model'];
  /** Whether the built client (index.html in its folder) was found. */
  clientBuilt: boolean;
  /** Cancels running work, logs its end, closes logs and sockets. Idempotent. */
  close(): Promise<void>;
  /** Settles once the agents' transcripts found at start are mirrored (at once without transcriptFolders). */
  agentSessionsReady: Promise<void>;
  /** Settles once they are all listed (those never mapped from their heads, before the mapping). */
  agentSessionsListed: Promise<void>;
}

export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
  constructor(
    readonly host: string,
    readonly port: number,
  ) {
    super(
      `port ${port} on ${host} is already in use (is toolcards already running?). ` +
        `Start it on another port with --port ${port === 65535 ? 3081 : port + 1}, or --port 0 for any free port.`,
    );
  }
}

export class WorkspaceError extends Error {
  override readonly name = 'WorkspaceError';
}

/**
 * Twice the ripgrep processes a server runs at once (DEFAULT_RIPGREP_SLOTS): reads still
 * start while searches hold ripgrep, and a model's burst of calls or many sessions cannot
 * hold more than a few windows and matches in memory at once.
 */
export const DEFAULT_MAX_RUNNING_TOOLS = 8;

/**
 * The built client: dist/client of the toolcards package this code runs from — the checkout
 * (where `npm run build` and `npm start` put it) or the installed package.
 */
export const DEFAULT_CLIENT_DIR = join(PACKAGE_ROOT?.dir ?? dirname(fileURLToPath(import.meta.url)), 'dist/client');

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const token = options.token ?? newAccessToken();
  const reportTo = options.report ?? ((message: string) => process.stderr.write(`toolcards: ${message}\n`));
  // Whatever a message quotes (a URL, an error), the token does not reach the log.
  const report = (message: string) => reportTo(withoutToken(message, token));
  const workspaceRoot = await existingDirectory(options.workspace);
  const presenterFailed = presenterFailureReporter(report, options.onPresenterFailure);
  const tools: ToolsApi = { ...(options.tools ?? (await import('@toolcards/tools'))), onPresenterFailure: presenterFailed };
  const host = options.host ?? '127.0.0.1';
  const driver = options.modelDriver;
  const model = driver ? { ...driver.info } : null;
  const info: ServerInfo = { version: SERVER_VERSION, workspace: workspaceRoot, model, editor: options.editor ?? DEFAULT_EDITOR };

  const maxRunningTools = options.maxRunningTools ?? DEFAULT_MAX_RUNNING_TOOLS;
  // NaN or 0 would queue every call forever.
  if (!Number.isSafeInteger(maxRunningTools) || maxRunningTools < 1) throw new RangeError(`maxRunningTools must be a whole number of at least 1, not ${maxRunningTools}`);
  const limits: DeliveryLimits = { ...DEFAULT_DELIVERY_LIMITS, ...options.deliveryLimits };
  const store = await SessionStore.open({
    dataDir: options.dataDir,
    callTitle: (name, args) => callView(tools, name, args)?.title ?? name,
    onProblem: report,
  });
  const registry = new SessionRegistry({
    store,
    tools,
    toolConfig: options.toolConfig ?? tools.DEFAULT_TOOL_CONFIG,
    workspaceRoot,
    allowOutsideWorkspace: options.allowOutsideWorkspace ?? false,
    driver,
    limits,
    toolSlots: { queue: new SlotQueue(), limit: maxRunningTools },
    report,
    // A page opening a mirror not mapped yet waits for its mapping (set below, once the folders are walked).
    untilViewable: (id) => agentSessions?.untilViewable(id) ?? Promise.resolve(),
  });
  const hub = new WebSocketHub({
    registry,
    hello: outbound({ type: 'hello', ...info }),
    report,
    limits,
    ...(options.badFrameLimits ? { badFrameLimits: options.badFrameLimits } : {}),
  });
  // Mapped in the background (started here, not awaited): the URL is printed before a first start has indexed every transcript.
  const folders = options.transcriptFolders ?? [];
  let agentSessions: AgentSessions | undefined;
  agentSessions = folders.length === 0 ? undefined : await AgentSessions.start({ folders, dataDir: options.dataDir, store, registry, report, ...(options.agentMapping ? { mapping: options.agentMapping } : {}) });
  const site = await StaticSite.open(options.clientDir ?? DEFAULT_CLIENT_DIR);
  let port = options.port ?? 3080;
  const server = createHttpServer({
    token,
    bound: () => ({ host, port }),
    api: { info, store, registry, workspaceRoot, fullResults: new FullResults(), pins: new PinStore(pinsPathOf(store)), ...(agentSessions ? { agentTitles: agentSessions } : {}) },
    site,
    hub,
    report,
  });

  try {
    port = await listen(server, host, port);
  } catch (error) {
    hub.close();
    await agentSessions?.close();
    await registry.closeAll();
    await store.close();
    throw error;
  }
  // The WebSocket library loads once the caller has the URL, ahead of the page's first connection.
  setImmediate(() => void hub.prepare().catch(() => {}));

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      hub.close();
      await agentSessions?.close();
      await registry.closeAll();
      await store.close();
      await stopped;
    })();
    return closing;
  };

  return {
    url: `http://${hostWithPort(browserHost(host), port)}/?token=${encodeURIComponent(token)}`,
    host,
    port,
    token,
    workspace: workspaceRoot,
    dataDir: options.dataDir,
    model,
    clientBuilt: site.built,
    close,
    agentSessionsReady: agentSessions?.ready ?? Promise.resolve(),
    agentSessionsListed: agentSessions?.listed ?? Promise.resolve(),
  };
}

/** Reports each distinct presenter failure once to the log (a broken presenter fails on every card), every one to the hook. */
function presenterFailureReporter(report: (message: string) => void, hook: PresenterFailureHook | undefined): PresenterFailureHook {
  const reported = new Set<string>();
  return (failure: PresenterFailure) => {
    hook?.(failure);
    const key = `${failure.phase} ${failure.tool} ${(failure.error as Error)?.message ?? String(failure.error)}`;
    if (reported.has(key) || reported.size >= 100) return;
    reported.add(key);
    report(describePresenterFailure(failure));
  };
}

function listen(server: ReturnType<typeof createHttpServer>, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(host, port) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** A wildcard bind is opened in the browser through loopback. */
function browserHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '::1';
  return host;
}

async function existingDirectory(path: string): Promise<string> {
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    throw new WorkspaceError(`workspace folder ${path} does not exist`);
  }
  if (!(await stat(real)).isDirectory()) throw new WorkspaceError(`workspace ${path} is not a folder`);
  return real;
}
