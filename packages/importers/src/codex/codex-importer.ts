import type { NewSessionEvent } from '@toolcards/protocol';
import type { ImportedEvent, ImporterState, TranscriptFacts, TranscriptImporter } from '../transcript-importer';
import { ImporterStateError } from '../transcript-importer';
import { stateData, stateList, stateString } from '../importer-state-fields';
import { createSkippedTally } from '../skipped-records';
import { feedJsonLine } from '../json-line';
import { arrayField, asFields, numberField, stringField, type Fields } from '../json-fields';
import { callInputOf, codexCallOf, shownCallOf, type CodexCall } from './codex-tool-call';
import { mapCodexResult, type CompletedItem } from './codex-tool-result';

/**
 * A Codex rollout ($CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl, 0.58 to 0.169: lines
 * `{timestamp, type, payload}`) as toolcards session events. A function_call (or custom_tool_call)
 * is a `tool/call` as soon as its line arrives (a live card shows it pending), and the
 * function_call_output with its call_id is its `tool/result`. 0.169 writes an `item_completed`
 * event between the two (a CommandExecution with its exit code and duration, a FileChange with
 * the patch's diff): it is kept for the result, not shown.
 *
 * Left out and counted in skipped(): developer messages and the harness's user messages
 * (<environment_context>, <user_instructions>, AGENTS.md …), reasoning (our protocol has no
 * thinking event), event_msg records other than task_complete / turn_aborted (token counts, the
 * 0.58 user_message / agent_message copies of response items, …), turn_context, world_state,
 * token_usage_record, results whose call never came, repeated calls or results, malformed lines.
 */
/**
 * The kinds skipped() counts that this importer leaves out on purpose (seen in 0.58 to 0.169);
 * any other kind is counted in notUnderstood() as well.
 */
const CODEX_LEFT_OUT: ReadonlySet<string> = new Set([
  'turn_context',
  'world_state',
  'token_usage_record',
  'compacted',
  'response_item:reasoning',
  'message:developer',
  'message:system',
  'message:harness',
  'message:empty',
  'event_msg:token_count',
  'event_msg:task_started',
  'event_msg:thread_settings_applied',
  'event_msg:user_message',
  'event_msg:agent_message',
  'event_msg:agent_reasoning',
  'item_completed:UserMessage',
  'item_completed:AgentMessage',
  'item_completed:Reasoning',
  'function_call:repeated',
  'custom_tool_call:repeated',
  'local_shell_call:repeated',
  'function_call_output:repeated',
  'custom_tool_call_output:repeated',
  'function_call_output:without-call',
  'custom_tool_call_output:without-call',
]);

/** The layout of this importer's state(); a change of what it holds is a new number. */
const STATE_VERSION = 1;

/** A Codex importer, fresh or resuming from the state() of an earlier one (ImporterStateError if it is not one). */
export function createCodexImporter(from?: ImporterState): TranscriptImporter {
  const saved = from === undefined ? undefined : stateData(from, 'codex', STATE_VERSION);
  const facts: TranscriptFacts = saved ? { ...(saved.facts as TranscriptFacts) } : {};
  let promptTitle = saved && stateString(saved, 'promptTitle');
  const tally = createSkippedTally(CODEX_LEFT_OUT, saved ? stateList(saved, 'skipped') : []);
  const skip = tally.skip;
  let lastTime = saved && stateString(saved, 'lastTime');
  let messages = savedCount(saved, 'messages');
  const calls = new Map<string, { call: CodexCall; cwd: string | undefined; answered: boolean }>(saved ? stateList(saved, 'calls') : []);
  const completedItems = new Map<string, CompletedItem>(saved ? stateList(saved, 'completedItems') : []);

  const feedRecord = (record: Fields): ImportedEvent[] => {
    const type = stringField(record, 'type') ?? 'untyped';
    const timestamp = stringField(record, 'timestamp');
    if (timestamp !== undefined) {
      facts.createdAt ??= timestamp;
      lastTime = timestamp;
    }
    const time = timestamp ?? lastTime ?? facts.createdAt ?? new Date(0).toISOString();
    const payload = asFields(record.payload);
    const out: ImportedEvent[] = [];
    const emit = (event: NewSessionEvent): void => {
      out.push({ time, event });
    };
    if (payload === undefined) {
      skip(`${type}:no-payload`);
      return out;
    }
    const payloadType = stringField(payload, 'type') ?? 'untyped';
    switch (type) {
      case 'session_meta': {
        facts.agentSessionId ??= stringField(payload, 'id') ?? stringField(payload, 'session_id');
        const cwd = stringField(payload, 'cwd');
        if (cwd) facts.cwd ??= cwd;
        facts.agentVersion ??= stringField(payload, 'cli_version');
        if (facts.agentSessionId === undefined) delete facts.agentSessionId;
        if (facts.agentVersion === undefined) delete facts.agentVersion;
        return out;
      }
      case 'response_item':
        responseItem(payload, payloadType, emit);
        return out;
      case 'event_msg':
        eventMessage(payload, payloadType, emit);
        return out;
      default:
        skip(type);
        return out;
    }
  };

  const responseItem = (payload: Fields, payloadType: string, emit: (event: NewSessionEvent) => void): void => {
    switch (payloadType) {
      case 'message': {
        const role = stringField(payload, 'role');
        const text = messageText(payload);
        if (role === 'user') {
          if (isHarnessMessage(payload, text)) {
            skip('message:harness');
            return;
          }
          promptTitle ??= text.trim().split('\n')[0]!.slice(0, 200);
          emit({ type: 'user/message', data: { text } });
        } else if (role === 'assistant') {
          if (text.trim() === '') {
            skip('message:empty');
            return;
          }
          messages += 1;
          emit({ type: 'assistant/text', data: { messageId: stringField(payload, 'id') ?? `codex-message-${messages}`, delta: text } });
        } else {
          skip(`message:${role ?? 'no-role'}`);
        }
        return;
      }
      case 'function_call':
      case 'custom_tool_call':
      case 'local_shell_call': {
        const callId = stringField(payload, 'call_id') ?? stringField(payload, 'id');
        const name = payloadType === 'local_shell_call' ? 'local_shell' : stringField(payload, 'name');
        const input = payloadType === 'custom_tool_call' ? { input: stringField(payload, 'input') ?? '' } : payloadType === 'local_shell_call' ? asFields(payload.action) : callInputOf(payload.arguments);
        if (!callId || !name || input === undefined) {
          skip(`${payloadType}:malformed`);
          return;
        }
        if (calls.has(callId)) {
          skip(`${payloadType}:repeated`);
          return;
        }
        const call = codexCallOf(name, input, facts.cwd);
        calls.set(callId, { call, cwd: facts.cwd, answered: false });
        const shown = shownCallOf(call, facts.cwd);
        emit({ type: 'tool/call', data: { callId, name: shown.name, args: shown.args, origin: 'model' } });
        return;
      }
      case 'function_call_output':
      case 'custom_tool_call_output': {
        const callId = stringField(payload, 'call_id');
        const pending = callId === undefined ? undefined : calls.get(callId);
        if (callId === undefined || pending === undefined) {
          skip(`${payloadType}:without-call`);
          return;
        }
        if (pending.answered) {
          skip(`${payloadType}:repeated`);
          return;
        }
        pending.answered = true;
        const mapped = mapCodexResult(pending.call, outputText(payload.output), completedItems.get(callId), pending.cwd);
        completedItems.delete(callId);
        emit({
          type: 'tool/result',
          data: {
            callId,
            content: [{ type: 'text', text: mapped.text }],
            isError: mapped.isError,
            ...(mapped.meta === undefined ? {} : { meta: mapped.meta }),
          },
        });
        return;
      }
      default:
        skip(`response_item:${payloadType}`);
    }
  };

  const eventMessage = (payload: Fields, payloadType: string, emit: (event: NewSessionEvent) => void): void => {
    switch (payloadType) {
      case 'task_complete':
        emit({ type: 'turn/end', data: { reason: 'done' } });
        return;
      case 'turn_aborted':
        emit({ type: 'turn/end', data: { reason: 'cancelled' } });
        return;
      case 'item_completed': {
        const item = asFields(payload.item);
        const itemType = stringField(item, 'type') ?? 'untyped';
        const id = stringField(item, 'id');
        if (id !== undefined && (itemType === 'CommandExecution' || itemType === 'FileChange') && calls.has(id)) {
          const exitCode = numberField(item, 'exit_code');
          const duration = asFields(item!.duration);
          const secs = numberField(duration, 'secs');
          const nanos = numberField(duration, 'nanos');
          completedItems.set(id, {
            ...(exitCode !== undefined && Number.isInteger(exitCode) ? { exitCode } : {}),
            ...(secs === undefined ? {} : { durationMs: Math.round(secs * 1000 + (nanos ?? 0) / 1e6) }),
            ...(itemType === 'FileChange' ? { fileChanges: item!.changes } : {}),
            failed: stringField(item, 'status') === 'failed',
          });
          return;
        }
        // User and agent messages come again as response items; the rest we do not show.
        skip(`item_completed:${itemType}`);
        return;
      }
      default:
        skip(`event_msg:${payloadType}`);
    }
  };

  return {
    source: 'codex',
    feedLine(line) {
      return feedJsonLine(line, feedRecord, skip);
    },
    facts() {
      return { ...facts, ...(promptTitle === undefined ? {} : { title: promptTitle }) };
    },
    skipped: tally.skipped,
    notUnderstood: tally.notUnderstood,
    state() {
      return {
        source: 'codex',
        version: STATE_VERSION,
        data: { facts: { ...facts }, promptTitle, lastTime, messages, skipped: tally.entries(), calls: [...calls], completedItems: [...completedItems] },
      };
    },
  };
}

function savedCount(saved: Record<string, unknown> | undefined, key: string): number {
  if (saved === undefined) return 0;
  const value = saved[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new ImporterStateError(`the importer state's "${key}" is not a count`);
  return value;
}

/** A message's text parts (input_text, output_text, text) joined. */
function messageText(payload: Fields): string {
  const content = payload.content;
  if (typeof content === 'string') return content;
  return (arrayField(payload, 'content') ?? [])
    .map((raw) => {
      const part = asFields(raw);
      const type = stringField(part, 'type');
      return type === 'input_text' || type === 'output_text' || type === 'text' ? (stringField(part, 'text') ?? '') : '';
    })
    .join('');
}

const HARNESS_OPENINGS = ['<environment_context>', '<user_instructions>', '<permissions instructions>', '<INSTRUCTIONS>', '# AGENTS.md instructions', '<user_shell_command>', '<turn_aborted>', '<skills_instructions>'];

/** A user message the harness wrote (0.169 says so in its provenance; older ones by its tags). */
function isHarnessMessage(payload: Fields, text: string): boolean {
  const metadata = asFields(payload.internal_chat_message_metadata_passthrough);
  const provenance = (arrayField(metadata, 'content_item_metadata') ?? []).map((raw) => stringField(asFields(asFields(raw)?.provenance), 'type'));
  if (provenance.length > 0 && provenance.every((type) => type === 'harness')) return true;
  const opening = text.trimStart();
  return opening === '' || HARNESS_OPENINGS.some((tag) => opening.startsWith(tag));
}

/** An output: a string (0.16x, 0.58), or `{content}` / content items (other versions). */
function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  const fields = asFields(output);
  const content = fields?.content;
  if (typeof content === 'string') return content;
  const items = Array.isArray(output) ? output : arrayField(fields, 'content');
  if (items === undefined) return output === undefined ? '' : JSON.stringify(output);
  return items.map((raw) => stringField(asFields(raw), 'text') ?? '').join('');
}
