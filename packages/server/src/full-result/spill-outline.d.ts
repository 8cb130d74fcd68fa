import type { FileHandle } from 'node:fs/promises';
/**
 * The shape of a spill file, learnt in one pass so pages can be read without
 * holding the file: a grep spill is `path:` headers each followed by
 * `  Line N: text` rows (grep-render's format); a glob spill is one path per line.
 */
export interface SpillOutline {
    shape: 'matches' | 'paths';
    total: number;
    sections: SpillSection[];
}
/** A grep file's matches, or a glob's whole list. */
export interface SpillSection {
    /** The grep file's path (absent for a glob list). */
    path?: string;
    count: number;
    /** Byte offset of item `k * CHECKPOINT_EVERY`, so a page starts near its first item. */
    checkpoints: number[];
}
export declare const CHECKPOINT_EVERY = 256;
export declare function outlineSpill(file: FileHandle, shape: SpillOutline['shape']): Promise<SpillOutline>;
/** Items `offset`..`offset + limit` of a section, as the spill holds them (match rows still in `  Line N: text` form). */
export declare function readSection(file: FileHandle, section: SpillSection, offset: number, limit: number): Promise<string[]>;
/** `  Line 42: text` → its number and text; undefined for anything else. */
export declare function parseMatchRow(row: string): {
    lineNumber: number;
    line: string;
} | undefined;
