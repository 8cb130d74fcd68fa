import { diffViewFromMeta, isJsonObject, planViewFromMeta, terminalViewFromMeta, type JsonValue, type ToolResultView } from '@toolcards/protocol';

/**
 * The cards of another coding agent's calls: a shell command, an edit, a plan. Our own tools never
 * make them (they stay read-only). Their results come from an importer, which writes the card it
 * means into the meta as `card: 'terminal' | 'diff' | 'plan'` beside that card's fields: the rule
 * keys on the meta, not on tool names (Bash, exec_command, shell, Edit, apply_patch, TodoWrite,
 * update_plan… differ between agents and versions). A meta that does not narrow is no view: the
 * generic card shows the result's text.
 */
export function agentCardView(meta: JsonValue | undefined): ToolResultView | undefined {
  if (!isJsonObject(meta)) return undefined;
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
