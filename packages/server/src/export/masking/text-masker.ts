import { homedir } from 'node:os';
import { HOME_PATH_ID, maskedText, type MaskSettings } from './mask-settings';
import type { MaskedLiteral } from './secret-findings';

/** One replacement in a masked string: `[start, end)` of the original became `text`. */
export interface MaskEdit {
  start: number;
  end: number;
  text: string;
  rule: string;
}

/**
 * Hides the found secrets, the person's words and the home folder in any string, the same
 * way everywhere (a value found in a read is hidden in a file name, a grep line, the model's
 * text). One pass per string: every match of the three kinds, the earliest (then longest)
 * kept where they overlap. `counts` says how many of each rule it replaced.
 */
export class TextMasker {
  private readonly literals: Map<string, MaskedLiteral>;
  private readonly literalPattern: RegExp | undefined;
  private readonly wordPattern: RegExp | undefined;
  private readonly homePattern: RegExp | undefined;
  readonly counts = new Map<string, number>();

  constructor(literals: readonly MaskedLiteral[], settings: MaskSettings) {
    const unmasked = new Set(settings.unmask);
    const kept = settings.enabled ? literals.filter((literal) => !unmasked.has(literal.findingId)) : [];
    this.literals = new Map(kept.map((literal) => [literal.text, literal]));
    this.literalPattern = alternation([...this.literals.keys()], 'g');
    const words = settings.enabled ? settings.words.map((word) => word.trim()).filter((word) => word.length > 0) : [];
    this.wordPattern = alternation(words, 'gi');
    const home = stripTrailingSlash(settings.homePath ?? homedir());
    // A home of '/' would hide every path; the home is hidden only as a whole path segment.
    this.homePattern = settings.enabled && !unmasked.has(HOME_PATH_ID) && home.length > 1 ? new RegExp(`${escaped(home)}(?![\\w.-])`, 'g') : undefined;
  }

  /** Whether this masker hides anything at all (off, or nothing found: strings pass as they are). */
  get active(): boolean {
    return this.literalPattern !== undefined || this.wordPattern !== undefined || this.homePattern !== undefined;
  }

  mask(text: string): string {
    return this.maskWithEdits(text).text;
  }

  /** The masked string and where it changed (for ranges into it, see mapRange). */
  maskWithEdits(text: string): { text: string; edits: MaskEdit[] } {
    if (!this.active || text.length === 0) return { text, edits: [] };
    const candidates: MaskEdit[] = [];
    if (this.literalPattern) {
      for (const match of text.matchAll(this.literalPattern)) {
        const literal = this.literals.get(match[0]);
        if (!literal) continue;
        candidates.push({ start: match.index + literal.innerStart, end: match.index + literal.innerEnd, text: maskedText(literal.rule), rule: literal.rule });
      }
    }
    if (this.wordPattern) {
      for (const match of text.matchAll(this.wordPattern)) candidates.push({ start: match.index, end: match.index + match[0].length, text: maskedText('word'), rule: 'word' });
    }
    if (this.homePattern) {
      for (const match of text.matchAll(this.homePattern)) candidates.push({ start: match.index, end: match.index + match[0].length, text: '~', rule: HOME_PATH_ID });
    }
    if (candidates.length === 0) return { text, edits: [] };
    candidates.sort((a, b) => a.start - b.start || b.end - a.end);
    const edits: MaskEdit[] = [];
    let out = '';
    let at = 0;
    for (const edit of candidates) {
      if (edit.start < at) continue;
      out += text.slice(at, edit.start) + edit.text;
      at = edit.end;
      edits.push(edit);
      this.counts.set(edit.rule, (this.counts.get(edit.rule) ?? 0) + 1);
    }
    return { text: out + text.slice(at), edits };
  }
}

/**
 * A `[start, end)` range of the original string in the masked one. A range that starts or
 * ends inside a hidden value widens to the whole mask, so a match mark never points into
 * half a mask or past the line.
 */
export function mapRange([start, end]: readonly [number, number], edits: readonly MaskEdit[]): [number, number] {
  return [mapOffset(start, edits, 'start'), mapOffset(end, edits, 'end')];
}

function mapOffset(offset: number, edits: readonly MaskEdit[], side: 'start' | 'end'): number {
  let shift = 0;
  for (const edit of edits) {
    if (offset <= edit.start) break;
    if (offset < edit.end) return edit.start + shift + (side === 'start' ? 0 : edit.text.length);
    shift += edit.text.length - (edit.end - edit.start);
  }
  return offset + shift;
}

function alternation(texts: readonly string[], flags: string): RegExp | undefined {
  if (texts.length === 0) return undefined;
  // Longest first: a key's whole block before one of its lines.
  const sorted = [...new Set(texts)].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map(escaped).join('|'), flags);
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function stripTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
