import type { NewSessionEvent } from '@toolcards/protocol';
import type { ImportedEvent, ImporterState, TranscriptFacts, TranscriptImporter } from '../transcript-importer';
import { stateData, stateList, stateString } from '../importer-state-fields';
import { createSkippedTally } from '../skipped-records';
import { feedJsonLine } from '../json-line';
import { arrayField, asFields, booleanField, stringField, type Fields } from '../json-fields';
import { promptText } from './claude-prompt-text';
import { mapToolCall, type MappedCall } from './claude-tool-call';
import { mapToolResult } from './claude-tool-result';

/**
 * Claude Code's transcript (~/.claude/projects/<slug>/<session>.jsonl, 1.0.x to 2.1) as toolcards
 * session events. A reply's blocks come as separate `assistant` lines sharing the message id; a
 * tool_use is a `tool/call` as soon as its line arrives (a live card shows it pending), and the
 * `user` line carrying its tool_result (paired by tool_use_id, in any order) is its `tool/result`.
 *
 * A prompt typed while a reply runs comes as a `queued_command` attachment and is a prompt too.
 *
 * Left out and counted in skipped(): record types that are not the conversation (other attachments,
 * queue-operation, api-request, cost-state, file-history-snapshot, …), thinking blocks (our
 * protocol has no thinking event), harness-only user lines (meta lines, background-task
 * notifications, wrappers with no typed text), Grep context lines with no match to stand beside,
 * results whose call never came, repeated calls or results, malformed lines.
 */
/**
 * The kinds skipped() counts that this importer leaves out on purpose (seen in 1.0.x to 2.1.332);
 * any other kind is counted in notUnderstood() as well.
 */
const CLAUDE_CODE_LEFT_OUT: ReadonlySet<string> = new Set([
  // Record types that are not the conversation.
  'attachment',
  'queue-operation',
  'atis-latch',
  'last-prompt',
  'api-request-shape',
  'api-request-blob',
  'api-request',
  'tools-used',
  'cost-state',
  'system',
  'file-history-snapshot',
  'progress',
  // Blocks and lines our protocol has no place for.
  'thinking',
  'redacted_thinking',
  'user:image',
  'user:meta',
  'user:task-notification',
  'user:harness',
  'grep:context-line',
  'tool_use:repeated',
  'tool_result:repeated',
  'tool_result:without-call',
]);

/** The layout of this importer's state(); a change of what it holds is a new number. */
const STATE_VERSION = 1;

/** A Claude Code importer, fresh or resuming from the state() of an earlier one (ImporterStateError if it is not one). */
export function createClaudeCodeImporter(from?: ImporterState): TranscriptImporter {
  const saved = from === undefined ? undefined : stateData(from, 'claude-code', STATE_VERSION);
  const facts: TranscriptFacts = saved ? { ...(saved.facts as TranscriptFacts) } : {};
  let summaryTitle = saved && stateString(saved, 'summaryTitle');
  let promptTitle = saved && stateString(saved, 'promptTitle');
  let commandTitle = saved && stateString(saved, 'commandTitle');
  /** 2.1's `custom-title` (the person renamed the session) and `ai-title` records; the latest wins. */
  let customTitle = saved && stateString(saved, 'customTitle');
  let aiTitle = saved && stateString(saved, 'aiTitle');
  const tally = createSkippedTally(CLAUDE_CODE_LEFT_OUT, saved ? stateList(saved, 'skipped') : []);
  const skip = tally.skip;
  let lastTime = saved && stateString(saved, 'lastTime');
  /** Calls waiting for their result; once answered only the id is kept (a long session's inputs are let go). */
  const calls = new Map<string, { call: MappedCall; input: Fields; lineCwd: string | undefined }>(saved ? stateList(saved, 'calls') : []);
  const answered = new Set<string>(saved ? stateList(saved, 'answered') : []);
  const shells = new Map<string, string>(saved ? stateList(saved, 'shells') : []);
  /** Per reply: its current text message, how many it has had, and whether a tool call came after it. */
  const texts = new Map<string, { id: string; runs: number; afterCall: boolean }>(saved ? stateList(saved, 'texts') : []);
  const endedMessages = new Set<string>(saved ? stateList(saved, 'endedMessages') : []);

  const feedRecord = (record: Fields): ImportedEvent[] => {
    const type = stringField(record, 'type') ?? 'untyped';
    const timestamp = stringField(record, 'timestamp');
    if (timestamp !== undefined) {
      facts.createdAt ??= timestamp;
      lastTime = timestamp;
    }
    const time = timestamp ?? lastTime ?? facts.createdAt ?? new Date(0).toISOString();
    const sessionId = stringField(record, 'sessionId');
    if (sessionId !== undefined) facts.agentSessionId ??= sessionId;
    const cwd = stringField(record, 'cwd');
    if (cwd) facts.cwd ??= cwd;
    const version = stringField(record, 'version');
    if (version !== undefined && (type === 'user' || type === 'assistant' || type === 'system')) facts.agentVersion ??= version;
    const lineCwd = cwd || facts.cwd;
    const out: ImportedEvent[] = [];
    const emit = (event: NewSessionEvent): void => {
      out.push({ time, event });
    };

    switch (type) {
      case 'summary': {
        const summary = stringField(record, 'summary')?.trim();
        if (summary) summaryTitle ??= summary;
        return out;
      }
      case 'custom-title': {
        const named = stringField(record, 'customTitle')?.trim();
        if (named) customTitle = named;
        return out;
      }
      case 'ai-title': {
        const named = stringField(record, 'aiTitle')?.trim();
        if (named) aiTitle = named;
        return out;
      }
      case 'attachment': {
        // A prompt the person typed while a reply was under way rides in as a queued_command
        // attachment (2.1), not as a user line of its own; background notifications do too.
        const attachment = asFields(record.attachment);
        const prompt = stringField(attachment, 'prompt');
        if (stringField(attachment, 'type') === 'queued_command' && prompt !== undefined) {
          userText({ origin: attachment?.origin }, prompt, emit);
        } else {
          skip('attachment');
        }
        return out;
      }
      case 'user': {
        const message = asFields(record.message);
        const content = message?.content;
        if (typeof content === 'string') {
          userText(record, content, emit);
          return out;
        }
        const blocks = arrayField(message, 'content');
        if (blocks === undefined) {
          skip('user:no-content');
          return out;
        }
        const typed: string[] = [];
        for (const raw of blocks) {
          const block = asFields(raw);
          const blockType = stringField(block, 'type');
          if (blockType === 'text') {
            typed.push(stringField(block, 'text') ?? '');
          } else if (blockType === 'tool_result') {
            toolResult(block!, record.toolUseResult, emit);
          } else {
            skip(`user:${blockType ?? 'untyped'}`);
          }
        }
        if (typed.length > 0) userText(record, typed.join('\n\n'), emit);
        return out;
      }
      case 'assistant': {
        const message = asFields(record.message);
        const messageId = stringField(message, 'id') ?? stringField(record, 'uuid') ?? `line-${tally.skipped().total}`;
        const blocks = arrayField(message, 'content');
        if (blocks === undefined) {
          skip('assistant:no-content');
          return out;
        }
        for (const raw of blocks) {
          const block = asFields(raw);
          const blockType = stringField(block, 'type');
          switch (blockType) {
            case 'text': {
              const text = stringField(block, 'text') ?? '';
              if (text.trim() === '') break;
              // Text after a tool call of the same reply is a new message, so it lands below the card.
              const run = texts.get(messageId);
              if (run === undefined || run.afterCall) {
                const runs = (run?.runs ?? 0) + 1;
                const id = runs === 1 ? messageId : `${messageId}-${runs}`;
                texts.set(messageId, { id, runs, afterCall: false });
                emit({ type: 'assistant/text', data: { messageId: id, delta: text } });
              } else {
                emit({ type: 'assistant/text', data: { messageId: run.id, delta: `\n\n${text}` } });
              }
              break;
            }
            case 'tool_use': {
              const callId = stringField(block, 'id');
              const name = stringField(block, 'name');
              if (!callId || !name) {
                skip('tool_use:malformed');
                break;
              }
              if (calls.has(callId) || answered.has(callId)) {
                skip('tool_use:repeated');
                break;
              }
              const input = asFields(block!.input) ?? {};
              // Paths are shown against the session's folder (the first cwd), as the server serves it.
              const call = mapToolCall(name, input, facts.cwd);
              calls.set(callId, { call, input, lineCwd });
              const seen = texts.get(messageId);
              if (seen !== undefined) seen.afterCall = true;
              emit({ type: 'tool/call', data: { callId, name: call.name, args: call.args, origin: 'model' } });
              break;
            }
            default:
              skip(blockType ?? 'assistant:untyped');
          }
        }
        // Every line of a reply repeats the stop reason; the turn ends once.
        if (stringField(message, 'stop_reason') === 'end_turn' && !endedMessages.has(messageId)) {
          endedMessages.add(messageId);
          emit({ type: 'turn/end', data: { reason: 'done' } });
        }
        return out;
      }
      default:
        skip(type);
        return out;
    }
  };

  const userText = (record: Fields, raw: string, emit: (event: NewSessionEvent) => void): void => {
    const origin = asFields(record.origin);
    if (booleanField(record, 'isMeta') === true || booleanField(record, 'isCompactSummary') === true) {
      skip('user:meta');
      return;
    }
    if (stringField(origin, 'kind') === 'task-notification' || raw.trimStart().startsWith('<task-notification>')) {
      skip('user:task-notification');
      return;
    }
    // Claude Code's own line when the person pressed Esc: the turn was cancelled, nobody typed it.
    if (/^\[Request interrupted by user[^\]]*\]$/.test(raw.trim())) {
      emit({ type: 'turn/end', data: { reason: 'cancelled' } });
      return;
    }
    const text = promptText(raw);
    if (text === '') {
      skip('user:harness');
      return;
    }
    // A bare slash command (/clear, /review x) says little about the session: a typed prompt names it.
    if (!raw.includes('<command-name>')) promptTitle ??= text.split('\n')[0]!.slice(0, 200);
    else commandTitle ??= text.split('\n')[0]!.slice(0, 200);
    emit({ type: 'user/message', data: { text } });
  };

  const toolResult = (block: Fields, toolUseResult: unknown, emit: (event: NewSessionEvent) => void): void => {
    const callId = stringField(block, 'tool_use_id');
    if (callId !== undefined && answered.has(callId)) {
      skip('tool_result:repeated');
      return;
    }
    const pending = callId === undefined ? undefined : calls.get(callId);
    if (callId === undefined || pending === undefined) {
      skip('tool_result:without-call');
      return;
    }
    calls.delete(callId);
    answered.add(callId);
    const isError = booleanField(block, 'is_error') === true;
    const mapped = mapToolResult(
      { call: pending.call, input: pending.input, cwd: facts.cwd, agentSessionId: facts.agentSessionId, shellCwd: pending.lineCwd, shellCommand: (id) => shells.get(id) },
      resultText(block.content),
      isError,
      toolUseResult,
    );
    skip('grep:context-line', mapped.contextLines);
    if (mapped.startedShell !== undefined) shells.set(mapped.startedShell.id, mapped.startedShell.command);
    emit({
      type: 'tool/result',
      data: {
        callId,
        content: [{ type: 'text', text: mapped.text }],
        isError: mapped.isError,
        ...(mapped.meta === undefined ? {} : { meta: mapped.meta }),
      },
    });
  };

  return {
    source: 'claude-code',
    feedLine(line) {
      return feedJsonLine(line, feedRecord, skip);
    },
    facts() {
      const title = customTitle ?? promptTitle ?? aiTitle ?? summaryTitle ?? commandTitle;
      return { ...facts, ...(title === undefined ? {} : { title }) };
    },
    skipped: tally.skipped,
    notUnderstood: tally.notUnderstood,
    state() {
      return {
        source: 'claude-code',
        version: STATE_VERSION,
        data: {
          facts: { ...facts },
          summaryTitle,
          promptTitle,
          commandTitle,
          customTitle,
          aiTitle,
          lastTime,
          skipped: tally.entries(),
          calls: [...calls],
          answered: [...answered],
          shells: [...shells],
          texts: [...texts],
          endedMessages: [...endedMessages],
        },
      };
    },
  };
}

/** A tool_result's content: a string, or blocks whose text parts are joined (an image is named). */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((raw) => {
      const block = asFields(raw);
      const type = stringField(block, 'type');
      return type === 'text' ? (stringField(block, 'text') ?? '') : `[${type ?? 'block'}]`;
    })
    .join('\n');
}
