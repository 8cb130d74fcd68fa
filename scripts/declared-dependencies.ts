// Compares what each workspace package's shipped code imports with the `dependencies` its
// package.json declares, from a dependency-cruiser result. dependency-cruiser itself flags
// undeclared packages (no-non-package-json) but neither unused ones nor workspace packages.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ICruiseResult, IConfiguration } from 'dependency-cruiser';

const require = createRequire(import.meta.url);

export interface DependencyMismatch {
  /** The workspace folder, e.g. `packages/session`. */
  workspace: string;
  dependency: string;
  problem: 'undeclared' | 'unused';
  /** For an undeclared one: the first file that imports it. */
  importedBy?: string;
}

/** Runs the dependency-cruiser CLI in `cwd`. Violations do not throw: see `exitCode`. */
export function runDepcruise(cwd: string, args: readonly string[]): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const bin = fileURLToPath(new URL('../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url));
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd, maxBuffer: 512 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ exitCode: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/** The cruise as JSON (the JSON reporter exits 0 whatever it found). */
export async function cruiseJson(cwd: string, args: readonly string[]): Promise<ICruiseResult> {
  const { exitCode, stdout, stderr } = await runDepcruise(cwd, [...args, '--output-type', 'json']);
  try {
    return JSON.parse(stdout) as ICruiseResult;
  } catch {
    throw new Error(`dependency-cruiser failed (exit ${exitCode}): ${stderr || stdout}`);
  }
}

/**
 * Whether a repo-relative path is shipped code, by the repo's own definition: the `pathNot`
 * of the config's `product-does-not-import-test-support` rule.
 */
export function productFileMatcher(configFile: string): (path: string) => boolean {
  const config = require(configFile) as IConfiguration;
  const rule = config.forbidden?.find((candidate) => candidate.name === 'product-does-not-import-test-support');
  const notProduct = rule?.from && 'pathNot' in rule.from ? rule.from.pathNot : undefined;
  if (!notProduct) throw new Error(`${configFile}: no product-does-not-import-test-support rule with from.pathNot`);
  const patterns = (Array.isArray(notProduct) ? notProduct : [notProduct]).map((pattern) => new RegExp(pattern));
  return (path) => !patterns.some((pattern) => pattern.test(path));
}

/** The npm package a resolved import belongs to: the folder after the last node_modules/, else the specifier's name. */
function packageName(specifier: string, resolved: string): string {
  const inNodeModules = resolved.lastIndexOf('node_modules/');
  const path = inNodeModules >= 0 ? resolved.slice(inNodeModules + 'node_modules/'.length) : specifier;
  const parts = path.split('/');
  return path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

export function findDependencyMismatches(root: string, cruise: ICruiseResult, isProduct: (path: string) => boolean): DependencyMismatch[] {
  const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces?: string[] };
  const mismatches: DependencyMismatch[] = [];
  for (const workspace of rootManifest.workspaces ?? []) {
    const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    const declared = new Set(Object.keys(manifest.dependencies ?? {}));
    const used = new Map<string, string>();
    for (const module of cruise.modules) {
      if (!module.source.startsWith(`${workspace}/`) || module.source.includes('node_modules/') || !isProduct(module.source)) continue;
      for (const dependency of module.dependencies) {
        if (dependency.coreModule || /^\.{1,2}(\/|$)/.test(dependency.module) || dependency.module.startsWith('/')) continue;
        const name = packageName(dependency.module, dependency.resolved);
        if (!used.has(name)) used.set(name, module.source);
      }
    }
    for (const [dependency, importedBy] of used) {
      if (!declared.has(dependency)) mismatches.push({ workspace, dependency, problem: 'undeclared', importedBy });
    }
    for (const dependency of declared) {
      if (!used.has(dependency)) mismatches.push({ workspace, dependency, problem: 'unused' });
    }
  }
  return mismatches;
}

export function describeMismatch(mismatch: DependencyMismatch): string {
  return mismatch.problem === 'undeclared'
    ? `${mismatch.importedBy} imports ${mismatch.dependency}, which ${mismatch.workspace}/package.json does not declare in dependencies`
    : `${mismatch.workspace}/package.json declares ${mismatch.dependency}, which its shipped code never imports`;
}

export interface RootDependencyMismatch {
  dependency: string;
  /** `bundled`: a package the build bundles (BUNDLED_PACKAGES) declared in `dependencies`, so installed for nothing. */
  problem: 'undeclared' | 'unused' | 'version' | 'bundled';
  /** For an undeclared one: the first bundled file that imports it. */
  importedBy?: string;
  /** For a version mismatch: the root's version, and a workspace package declaring another. */
  rootVersion?: string;
  workspace?: string;
  workspaceVersion?: string;
}

/**
 * The npm packages the server bundle (scripts/build-server.mjs) imports at run time: every
 * import, static or dynamic, of the modules reachable from its entry through the workspace
 * (cli.ts and what it imports, across packages), type-only imports aside — esbuild erases them.
 * esbuild bundles the workspace packages and leaves these as imports, so an install must bring them.
 */
export function runtimePackagesOf(cruise: ICruiseResult, entry: string): Map<string, string> {
  const byPath = new Map(cruise.modules.map((module) => [module.source, module]));
  if (!byPath.has(entry)) throw new Error(`the cruise has no ${entry}`);
  const packages = new Map<string, string>();
  const seen = new Set<string>([entry]);
  const pending = [entry];
  while (pending.length > 0) {
    const source = pending.pop()!;
    for (const dependency of byPath.get(source)?.dependencies ?? []) {
      if (dependency.coreModule || dependency.dependencyTypes.includes('type-only')) continue;
      if (dependency.resolved.includes('node_modules/')) {
        const name = packageName(dependency.module, dependency.resolved);
        if (!packages.has(name)) packages.set(name, source);
      } else if (!seen.has(dependency.resolved)) {
        seen.add(dependency.resolved);
        pending.push(dependency.resolved);
      }
    }
  }
  return packages;
}

/**
 * The root package.json is the installed package's manifest: its `dependencies` must be
 * exactly what the server bundle imports at run time, at the versions the workspace packages
 * declare. (The client's packages are built into its assets; tools like tsx are dev-only.)
 * A package the build bundles (`bundled`, scripts/build-server.mjs's BUNDLED_PACKAGES) is a
 * dev dependency instead, at the same version.
 */
export function findRootDependencyMismatches(root: string, cruise: ICruiseResult, entry: string, bundled: readonly string[] = []): RootDependencyMismatch[] {
  const readManifest = (folder: string) =>
    JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as {
      workspaces?: string[];
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
  const rootManifest = readManifest('.');
  const declared = rootManifest.dependencies ?? {};
  const declaredForBundling = Object.fromEntries(Object.entries(rootManifest.devDependencies ?? {}).filter(([name]) => bundled.includes(name)));
  const used = runtimePackagesOf(cruise, entry);
  const mismatches: RootDependencyMismatch[] = [];
  for (const [dependency, importedBy] of used) {
    const where = bundled.includes(dependency) ? declaredForBundling : declared;
    if (!(dependency in where)) mismatches.push({ dependency, problem: 'undeclared', importedBy });
  }
  for (const [dependency, rootVersion] of [...Object.entries(declared), ...Object.entries(declaredForBundling)]) {
    if (bundled.includes(dependency) && dependency in declared) {
      mismatches.push({ dependency, problem: 'bundled' });
      continue;
    }
    if (!used.has(dependency)) {
      mismatches.push({ dependency, problem: 'unused' });
      continue;
    }
    for (const workspace of rootManifest.workspaces ?? []) {
      const workspaceVersion = readManifest(workspace).dependencies?.[dependency];
      if (workspaceVersion !== undefined && workspaceVersion !== rootVersion) {
        mismatches.push({ dependency, problem: 'version', rootVersion, workspace, workspaceVersion });
      }
    }
  }
  return mismatches;
}

export function describeRootMismatch(mismatch: RootDependencyMismatch): string {
  switch (mismatch.problem) {
    case 'undeclared':
      return `the server bundle imports ${mismatch.dependency} at run time (${mismatch.importedBy}), which package.json does not declare in dependencies`;
    case 'unused':
      return `package.json declares ${mismatch.dependency} in dependencies, which the server bundle never imports at run time`;
    case 'version':
      return `package.json declares ${mismatch.dependency} ${mismatch.rootVersion}, ${mismatch.workspace}/package.json ${mismatch.workspaceVersion}`;
    case 'bundled':
      return `package.json declares ${mismatch.dependency} in dependencies, which the server bundle bundles (BUNDLED_PACKAGES): it belongs in devDependencies`;
  }
}
