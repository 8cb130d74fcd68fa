import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The name in the root package.json: the checkout's and the installed package's. */
export const PACKAGE_NAME = 'toolcards';

export interface PackageRoot {
  /** The folder of the `toolcards` package.json. */
  dir: string;
  version: string;
}

/**
 * The toolcards package this code runs from: the checkout when it runs from source
 * (packages/server/src through tsx or Vitest), the installed package when it runs bundled
 * (dist/*.mjs, see scripts/build-server.mjs). Either way it is the nearest folder above
 * this module whose package.json is named `toolcards`, and it holds the built client in
 * dist/client. Undefined when there is none (this code copied somewhere else).
 */
export function findPackageRoot(from: string = dirname(fileURLToPath(import.meta.url))): PackageRoot | undefined {
  for (let dir = from; ; ) {
    const manifest = readManifest(join(dir, 'package.json'));
    if (manifest?.name === PACKAGE_NAME) return { dir, version: typeof manifest.version === 'string' ? manifest.version : '0.0.0' };
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function readManifest(path: string): { name?: unknown; version?: unknown } | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as { name?: unknown; version?: unknown };
  } catch {
    return undefined;
  }
}

export const PACKAGE_ROOT: PackageRoot | undefined = findPackageRoot();
