/** What an export masks: on by default; the person may unmask findings by id and add words. */
export interface MaskSettings {
  enabled: boolean;
  /** Finding ids (from the preview) left as they are; 'home-path' keeps the home folder too. */
  unmask: readonly string[];
  /** Words the person added: hidden everywhere, case-insensitively (rule 'word'). */
  words: readonly string[];
  /** The home folder shown as `~` (default: this user's). */
  homePath?: string;
}

export const HOME_PATH_ID = 'home-path';

export const MASK_ALL: MaskSettings = { enabled: true, unmask: [], words: [] };
export const MASK_NONE: MaskSettings = { enabled: false, unmask: [], words: [] };

/** The text a hidden value becomes: `•••• (aws-access-key-id)`. */
export function maskedText(rule: string): string {
  return `•••• (${rule})`;
}
