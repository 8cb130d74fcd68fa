import { createHash } from 'node:crypto';

/** An attribute-less `<script>` of the built index.html: the build writes the early socket's so (vite.early-socket.ts). */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources (`sha256-…`) that let the page's own inline scripts run and nothing else:
 * each script's exact text hashed, as the browser hashes it.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((match) => `sha256-${createHash('sha256').update(match[1] ?? '', 'utf8').digest('base64')}`);
}
