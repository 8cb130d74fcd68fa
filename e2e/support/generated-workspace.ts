import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * A real-size workspace of real-looking TypeScript for the reopen bench and e2e spec:
 * modules with imports, interfaces, classes, functions, comments and TODOs, spread over
 * areas and sub-folders, a few of them large (thousands of lines, over the read tool's
 * 50 KiB window). Deterministic for a given seed, so two runs search the same tree.
 * No Playwright and no product imports: the bench imports it too.
 */
export interface GeneratedWorkspace {
  root: string;
  /** Relative, `/`-separated paths of the generated TypeScript files, with their line counts. */
  files: { path: string; lines: number }[];
  bytes: number;
  /** A file no other call touches: the reopen checks read it last, so its card is the session's last. */
  markerPath: string;
}

export interface WorkspaceSize {
  files: number;
  /** Share of files made large (3,000–12,000 lines). */
  largeShare?: number;
  seed?: number;
}

export const AREAS = [
  'auth', 'billing', 'catalog', 'checkout', 'search', 'users', 'orders', 'inventory', 'notifications',
  'reports', 'shipping', 'payments', 'analytics', 'admin', 'api', 'core', 'storage', 'ui', 'sessions', 'pricing',
] as const;
const SUBFOLDERS = ['model', 'service', 'http', 'store', 'format', 'rules', 'jobs', 'views'] as const;
const NOUNS = [
  'Order', 'Invoice', 'Customer', 'Product', 'Cart', 'Payment', 'Shipment', 'Account', 'Session', 'Report', 'Coupon',
  'Refund', 'Address', 'Price', 'Stock', 'Warehouse', 'Message', 'Token', 'Audit', 'Plan', 'Subscription', 'Review',
] as const;
const VERBS = ['parse', 'validate', 'format', 'load', 'save', 'find', 'apply', 'merge', 'compute', 'normalize', 'render', 'sync'] as const;
const FIELDS = [
  ['id', 'string'], ['createdAt', 'Date'], ['updatedAt', 'Date'], ['amount', 'number'], ['currency', "'EUR' | 'USD' | 'GBP'"],
  ['status', "'open' | 'closed' | 'pending'"], ['ownerId', 'string'], ['notes', 'string[]'], ['quantity', 'number'],
  ['email', 'string'], ['tags', 'readonly string[]'], ['version', 'number'], ['archived', 'boolean'],
] as const;
const COMMENTS = [
  'Keep this in step with the API schema.',
  'The caller owns the returned object; it is never shared.',
  'Amounts are integers in minor units (cents), never floats.',
  'Dates are UTC; the UI formats them in the user\'s zone.',
  'Called on every request: keep it allocation-free.',
  'An empty list means "nothing matched", not an error.',
  'Retries are the job runner\'s business, not this function\'s.',
] as const;
const TODOS = [
  'TODO: cache the lookup once the store has an index for it',
  'TODO(billing): handle partial refunds',
  'FIXME: this rounds half-up; finance wants banker\'s rounding',
  'TODO: drop the legacy field after the v3 migration',
] as const;

/** mulberry32: small, fast, deterministic (the session generator draws from it too). */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function kebab(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
}

/** One block of code (interface, function or class), as lines. */
function codeBlock(random: () => number, noun: string, serial: number): string[] {
  const kind = random();
  const name = `${noun}${serial === 0 ? '' : serial}`;
  const lines: string[] = [];
  if (random() < 0.6) lines.push(`/** ${pick(random, COMMENTS)} */`);
  if (kind < 0.3) {
    lines.push(`export interface ${name}Record {`);
    const count = 3 + Math.floor(random() * 7);
    for (let index = 0; index < count; index += 1) {
      const [field, type] = pick(random, FIELDS);
      lines.push(`  ${field}${random() < 0.2 ? '?' : ''}: ${type};`);
    }
    lines.push('}');
  } else if (kind < 0.7) {
    const verb = pick(random, VERBS);
    lines.push(`export function ${verb}${name}(input: ${name}Record, options: { strict?: boolean } = {}): ${name}Record | undefined {`);
    lines.push(`  if (input.id === '') return undefined;`);
    if (random() < 0.35) lines.push(`  // ${pick(random, TODOS)}`);
    const steps = 2 + Math.floor(random() * 10);
    for (let index = 0; index < steps; index += 1) {
      const [field] = pick(random, FIELDS);
      switch (index % 4) {
        case 0:
          lines.push(`  const ${field}${index} = input.${field} ?? defaults${name}.${field};`);
          break;
        case 1:
          lines.push(`  if (options.strict && ${field}${index - 1} === undefined) {`);
          lines.push(`    throw new Error(\`${noun.toLowerCase()} \${input.id}: missing ${field}\`);`);
          lines.push('  }');
          break;
        case 2:
          lines.push(`  for (const entry of Object.entries(input)) log${noun}Field(entry[0], entry[1]);`);
          break;
        default:
          lines.push(`  const total${index} = [${index}, ${index * 7}, ${index * 13}].reduce((sum, value) => sum + value, 0);`);
      }
    }
    lines.push(`  return { ...input, version: (input.version ?? 0) + 1 };`);
    lines.push('}');
  } else {
    lines.push(`export class ${name}Service {`);
    lines.push(`  private readonly cache = new Map<string, ${noun}Record>();`);
    lines.push('');
    lines.push(`  constructor(private readonly repository: ${noun}Repository) {}`);
    const methods = 1 + Math.floor(random() * 4);
    for (let index = 0; index < methods; index += 1) {
      const verb = pick(random, VERBS);
      lines.push('');
      lines.push(`  async ${verb}${noun}ById(id: string): Promise<${noun}Record | undefined> {`);
      lines.push('    const cached = this.cache.get(id);');
      lines.push('    if (cached) return cached;');
      if (random() < 0.3) lines.push(`    // ${pick(random, TODOS)}`);
      lines.push(`    const found = await this.repository.${verb}(id);`);
      lines.push('    if (found) this.cache.set(id, found);');
      lines.push('    return found;');
      lines.push('  }');
    }
    lines.push('}');
  }
  lines.push('');
  return lines;
}

function moduleText(random: () => number, area: string, targetLines: number): string {
  const noun = pick(random, NOUNS);
  const lines = [
    `import { log${noun}Field } from '../../core/logging';`,
    `import type { ${noun}Repository } from '../store/${kebab(noun)}-repository';`,
    `import { defaults${noun} } from './${kebab(noun)}-defaults';`,
    '',
    `// ${area}: ${noun.toLowerCase()} handling.`,
    '',
  ];
  for (let serial = 0; lines.length < targetLines; serial += 1) lines.push(...codeBlock(random, noun, serial));
  return lines.join('\n') + '\n';
}

/** Writes the workspace under `root` (which must exist or be creatable). */
export async function generateWorkspace(root: string, size: WorkspaceSize): Promise<GeneratedWorkspace> {
  const random = randomSource(size.seed ?? 12);
  const largeShare = size.largeShare ?? 0.02;
  const files: GeneratedWorkspace['files'] = [];
  let bytes = 0;
  const write = async (path: string, text: string) => {
    const absolute = join(root, path);
    await mkdir(dirname(absolute), { recursive: true });
    await writeFile(absolute, text);
    bytes += Buffer.byteLength(text);
    files.push({ path, lines: text.split('\n').length - 1 });
  };
  const seen = new Set<string>();
  for (let index = 0; index < size.files; index += 1) {
    const area = AREAS[index % AREAS.length]!;
    const folder = pick(random, SUBFOLDERS);
    let path: string;
    do {
      path = `src/${area}/${folder}/${kebab(pick(random, NOUNS))}-${kebab(pick(random, VERBS))}-${Math.floor(random() * 1000)}.ts`;
    } while (seen.has(path));
    seen.add(path);
    const large = random() < largeShare;
    const target = large ? 3000 + Math.floor(random() * 9000) : 30 + Math.floor(random() * 200);
    await write(path, moduleText(random, area, target));
  }
  const markerPath = 'src/zz-session-end/last-call.ts';
  await write(markerPath, `// The last call of a generated session reads this file.\nexport const SESSION_END = true;\n`);
  await writeFile(join(root, 'README.md'), '# generated workspace\n\nReal-looking TypeScript for the reopen bench and e2e spec.\n');
  await writeFile(join(root, 'package.json'), JSON.stringify({ name: 'generated-shop', private: true, type: 'module' }, null, 2) + '\n');
  return { root, files: files.filter((file) => file.path !== markerPath), bytes, markerPath };
}
