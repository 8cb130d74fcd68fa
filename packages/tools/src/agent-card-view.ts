import {
  diffViewFromMeta,
  isJsonObject,
  planViewFromMeta,
  SESSION_ID_PATTERN,
  terminalViewFromMeta,
  type JsonValue,
  type ToolResultView,
} from '@toolcards/protocol';

/**
 * The cards of another coding agent's calls: a shell command, an edit, a plan. Our own tools never
 * make them (they stay read-only). Their results come from an importer, which writes the card it
 * means into the meta as `card: 'terminal' | 'diff' | 'plan'` beside that card's fields: the rule
 * keys on the meta, not on tool names (Bash, exec_command, shell, Edit, apply_patch, TodoWrite,
 * update_plan… differ between agents and versions). A meta that does not narrow is no view: the
 * generic card shows the result's text. A meta naming `subagentSession` (an Agent/Task call
 * that started a subagent) is the generic card with the result's text and a link to that session.
 */
export function agentCardView(meta: JsonValue | undefined, text = ''): ToolResultView | undefined {
  if (!isJsonObject(meta)) return undefined;
  const session = meta.subagentSession;
  if (meta.card === undefined && typeof session === 'string' && SESSION_ID_PATTERN.test(session)) return { card: 'generic', content: text, session };
  switch (meta.card) {
    case 'terminal':
      return terminalViewFromMeta(meta);
    case 'diff':
      return diffViewFromMeta(meta);
    case 'plan':
      return planViewFromMeta(meta);
    default:
      return undefined;
  }
}
