import { createHash } from 'node:crypto';
import type { ExportFinding } from '@toolcards/protocol';
import { dotenvValues, MIN_MASKED_LENGTH } from './dotenv-values';
import { findSecrets } from './secret-rules';

/** A text masking replaces wherever it appears: `text`, of which `[innerStart, innerEnd)` is hidden. */
export interface MaskedLiteral {
  findingId: string;
  rule: string;
  text: string;
  innerStart: number;
  innerEnd: number;
}

export interface ScanResult {
  findings: ExportFinding[];
  literals: MaskedLiteral[];
}

/** Strings are scanned in batches this large (one secretlint run per batch, not per string). */
const BATCH_CHARS = 512 * 1024;
const SEPARATOR = '\n\n';
const MAX_WHERE = 5;
/** A private key's body line shorter than this is not hidden on its own (a read card shows the key line by line). */
const MIN_KEY_LINE = 16;

const LABELS: Readonly<Record<string, string>> = {
  'aws-access-key-id': 'AWS access key id',
  'aws-secret-access-key': 'AWS secret access key',
  'aws-account-id': 'AWS account id',
  'github-token': 'GitHub token',
  'gitlab-pat': 'GitLab token',
  'slack-token': 'Slack token',
  'npm-access-token': 'npm token',
  'openai-token': 'OpenAI key',
  'anthropic-api-key': 'Anthropic key',
  'private-key': 'private key',
  'basic-auth': 'password in a URL',
  jwt: 'JWT',
  'gcp-api-key': 'GCP API key',
  'dotenv-value': '.env value',
};

export function labelOf(rule: string): string {
  return LABELS[rule] ?? rule.replaceAll('-', ' ');
}

interface Found {
  finding: ExportFinding;
  lastSeq: number;
}

/**
 * Collects the secrets of a session's strings, fed event by event (`add`), in batches. The
 * result says each distinct value once, with the events it was seen in, and the literal texts
 * the masker replaces (a private key's block and each of its body lines).
 */
export class SecretFindings {
  private batch: { text: string; seq: number; place: string; dotenv: boolean }[] = [];
  private batchChars = 0;
  private readonly found = new Map<string, Found>();
  private readonly literals = new Map<string, MaskedLiteral>();

  async add(text: string, seq: number, place: string, dotenv = false): Promise<void> {
    if (text.length < MIN_MASKED_LENGTH) return;
    this.batch.push({ text, seq, place, dotenv });
    this.batchChars += text.length + SEPARATOR.length;
    if (this.batchChars >= BATCH_CHARS) await this.flush();
  }

  async result(): Promise<ScanResult> {
    await this.flush();
    return { findings: [...this.found.values()].map((entry) => entry.finding), literals: [...this.literals.values()] };
  }

  private async flush(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    this.batchChars = 0;
    if (batch.length === 0) return;
    const starts: number[] = [];
    let offset = 0;
    for (const item of batch) {
      starts.push(offset);
      offset += item.text.length + SEPARATOR.length;
    }
    const joined = batch.map((item) => item.text).join(SEPARATOR);
    for (const hit of await findSecrets(joined)) {
      const index = itemAt(starts, hit.start);
      const item = batch[index]!;
      const text = joined.slice(hit.start, hit.end);
      const inner = hit.inner ?? { start: hit.start, end: hit.end };
      this.note(hit.rule, text, inner.start - hit.start, inner.end - hit.start, item.seq, item.place);
    }
    for (const item of batch) {
      if (!item.dotenv) continue;
      for (const value of dotenvValues(item.text)) {
        const text = item.text.slice(value.start, value.end);
        // A key a rule knows (AWS_ACCESS_KEY_ID=AKIA…) is said under that rule, not again as a .env value.
        if (!this.literals.has(text)) this.note('dotenv-value', text, 0, text.length, item.seq, item.place);
      }
    }
  }

  private note(rule: string, text: string, innerStart: number, innerEnd: number, seq: number, place: string): void {
    const hidden = text.slice(innerStart, innerEnd);
    if (hidden.length === 0) return;
    const id = `${rule}-${createHash('sha256').update(hidden).digest('hex').slice(0, 10)}`;
    let entry = this.found.get(id);
    if (!entry) {
      const shown = Math.min(4, Math.floor(hidden.length / 4));
      entry = { finding: { id, rule, label: labelOf(rule), sample: `${hidden.slice(0, shown)}••••`, count: 0, where: [] }, lastSeq: -1 };
      this.found.set(id, entry);
    }
    if (entry.lastSeq !== seq) {
      entry.lastSeq = seq;
      entry.finding.count += 1;
      const where = `#${seq} ${place}`;
      if (entry.finding.where.length < MAX_WHERE && !entry.finding.where.includes(where)) entry.finding.where.push(where);
    }
    this.literal({ findingId: id, rule, text, innerStart, innerEnd });
    // A key block spans lines; a read card or a diff holds it one line per string.
    if (hidden.includes('\n')) {
      for (const line of hidden.split(/\r?\n/)) {
        if (line.length >= MIN_KEY_LINE && !line.startsWith('-----')) this.literal({ findingId: id, rule, text: line, innerStart: 0, innerEnd: line.length });
      }
    }
  }

  private literal(literal: MaskedLiteral): void {
    if (literal.text.length >= MIN_MASKED_LENGTH && !this.literals.has(literal.text)) this.literals.set(literal.text, literal);
  }
}

/** Index of the batch item holding joined offset `at` (starts ascending). */
function itemAt(starts: readonly number[], at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}
