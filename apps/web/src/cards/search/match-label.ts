/** What a screen reader hears for a match row: "src/a.ts line 12: const foo = 1". */
export function matchLabel(path: string, lineNumber: number, text: string): string {
  return `${path} line ${lineNumber}: ${text.trim()}`;
}
