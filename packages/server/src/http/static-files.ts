import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, sep } from 'node:path';
import { pageSecurityHeaders } from './csp';
import { inlineScriptHashes } from './inline-scripts';

/**
 * The built client (dist/client). Nothing outside that folder is ever
 * served: the request path is decoded and checked segment by segment, then the
 * real path (symlinks resolved) must still be inside the folder. Unknown
 * extension-less paths get index.html so client routes survive a reload.
 * `serveFolder` serves any built folder the same way on its own port: the one
 * static file server of e2e (the Storybook gallery) and bench (the bench page).
 */

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export type StaticTarget =
  /** Relative path inside the client folder (posix separators). */
  | { kind: 'file'; relative: string }
  /** A client route: answer with index.html. */
  | { kind: 'page' }
  | { kind: 'bad' };

/** Pure: what a URL path asks for. Refuses traversal, encoded separators, NUL and dotfiles. */
export function staticTargetFor(pathname: string): StaticTarget {
  if (!pathname.startsWith('/')) return { kind: 'bad' };
  const segments: string[] = [];
  for (const raw of pathname.split('/').slice(1)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { kind: 'bad' };
    }
    if (segment.includes('/') || segment.includes('\\') || segment.includes('\0')) return { kind: 'bad' };
    // Covers `.` and `..` too; the client build has no dotfiles worth serving.
    if (segment.startsWith('.')) return { kind: 'bad' };
    if (segment !== '') segments.push(segment);
  }
  if (segments.length === 0) return { kind: 'page' };
  return { kind: 'file', relative: segments.join('/') };
}

/** Cache policy: hashed build assets forever, everything else revalidated. */
export function cacheControlFor(relative: string): string {
  return relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export class StaticSite {
  /** index.html's inline scripts' hashes, read again when the file changes (a rebuild while serving). */
  private inlineScripts: { version: string; hashes: string[] } | undefined;

  private constructor(private readonly root: string | undefined) {}

  /** `root` may not exist yet (client not built): requests then get a page that says how to build it. */
  static async open(root: string): Promise<StaticSite> {
    let site: StaticSite;
    try {
      site = new StaticSite(await realpath(root));
    } catch {
      return new StaticSite(undefined);
    }
    // Read now, not on the first page request: that one races the session's first frames.
    await site.inlineScriptHashes();
    return site;
  }

  get built(): boolean {
    return this.root !== undefined;
  }

  async serve(req: IncomingMessage, res: ServerResponse, pathname: string, webSocketOrigin: string): Promise<void> {
    return this.serveWithHeaders(req, res, pathname, pageSecurityHeaders(webSocketOrigin, await this.inlineScriptHashes()));
  }

  private async inlineScriptHashes(): Promise<string[]> {
    if (this.root === undefined) return [];
    const page = join(this.root, 'index.html');
    try {
      const info = await stat(page);
      const version = `${info.mtimeMs}:${info.size}`;
      if (this.inlineScripts?.version !== version) this.inlineScripts = { version, hashes: inlineScriptHashes(await readFile(page, 'utf8')) };
      return this.inlineScripts.hashes;
    } catch {
      // No page yet: the not-built answer has no script.
      return [];
    }
  }

  /** As `serve`, with `headers` on every answer in place of the page's security headers. */
  async serveWithHeaders(req: IncomingMessage, res: ServerResponse, pathname: string, headers: Record<string, string>): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed\n');
      return;
    }
    if (this.root === undefined) return sendNotBuilt(res, headers);
    const target = staticTargetFor(pathname);
    switch (target.kind) {
      case 'bad':
        res.writeHead(400, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Bad path\n');
        return;
      case 'page':
        return this.sendFile(req, res, 'index.html', headers);
      case 'file': {
        const file = await this.existingFile(target.relative);
        if (file !== undefined) return this.sendFile(req, res, target.relative, headers, file);
        // A missing asset is a 404; a missing route is the app's to handle.
        if (extname(target.relative) !== '') {
          res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
          res.end('Not found\n');
          return;
        }
        return this.sendFile(req, res, 'index.html', headers);
      }
    }
  }

  /** Real path and size of a regular file inside the root, or undefined. */
  private async existingFile(relative: string): Promise<{ path: string; size: number } | undefined> {
    const root = this.root as string;
    try {
      const real = await realpath(join(root, ...relative.split('/')));
      if (!real.startsWith(root + sep)) return undefined;
      const info = await stat(real);
      return info.isFile() ? { path: real, size: info.size } : undefined;
    } catch {
      return undefined;
    }
  }

  private async sendFile(
    req: IncomingMessage,
    res: ServerResponse,
    relative: string,
    headers: Record<string, string>,
    known?: { path: string; size: number },
  ): Promise<void> {
    const file = known ?? (await this.existingFile(relative));
    if (file === undefined) return sendNotBuilt(res, headers);
    res.writeHead(200, {
      ...headers,
      'Content-Type': contentTypeFor(file.path),
      'Content-Length': file.size,
      'Cache-Control': cacheControlFor(relative),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file.path);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }
}

function sendNotBuilt(res: ServerResponse, headers: Record<string, string>): void {
  const body =
    '<!doctype html><meta charset="utf-8"><title>toolcards</title>' +
    '<p>The toolcards client is not built yet. Run <code>npm start</code> (it builds the client first) ' +
    'or <code>npx vite build</code>, then reload.</p>';
  res.writeHead(503, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
}

export interface FolderServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

export interface ServeFolderOptions {
  /**
   * URL paths answered 204 No Content, e.g. `/favicon.ico` for a folder without one:
   * browsers ask for it on their own, and a 404 there is nobody's error.
   */
  noContent?: readonly string[];
}

/**
 * A built folder (Storybook's, the bench page) on 127.0.0.1 at an ephemeral port, served
 * as the client is — the same path checks, content types and cache policy — but without
 * the page's security headers, which belong to the toolcards page alone. For e2e and bench.
 */
export async function serveFolder(root: string, options: ServeFolderOptions = {}): Promise<FolderServer> {
  const site = await StaticSite.open(root);
  if (!site.built) throw new Error(`serveFolder: no folder at ${root}`);
  const noContent = new Set(options.noContent ?? []);
  const server = createServer((req, res) => {
    let pathname: string;
    try {
      pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (noContent.has(pathname)) {
      res.writeHead(204).end();
      return;
    }
    site.serveWithHeaders(req, res, pathname, {}).catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
