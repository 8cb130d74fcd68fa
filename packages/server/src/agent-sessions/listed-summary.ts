import type { TranscriptFacts, ImportedSource } from '@toolcards/importers';
import type { SessionSummary } from '@toolcards/protocol';
import { clipTitle, UNTITLED_SESSION } from '@toolcards/session';

/**
 * The sessions panel's row for a transcript not mapped yet, from its head and the file's
 * mtime: marked `mapping`, with no counts or paths (they come with the mapping).
 */
export function listedSummary(transcript: { id: string; source: ImportedSource; facts: TranscriptFacts; mtime: Date; parent?: string }): SessionSummary {
  const { facts } = transcript;
  const lastActivity = transcript.mtime.toISOString();
  return {
    id: transcript.id,
    title: clipTitle(facts.title ?? '') ?? UNTITLED_SESSION,
    cwd: facts.cwd ?? '',
    createdAt: validTime(facts.createdAt) ?? lastActivity,
    lastActivity,
    eventCount: 0,
    toolCalls: 0,
    paths: [],
    source: transcript.source,
    ...(transcript.parent !== undefined ? { parentId: transcript.parent } : {}),
    mapping: true,
  };
}

function validTime(time: string | undefined): string | undefined {
  if (time === undefined) return undefined;
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
