import { planMetaFromMeta, type PlanMeta } from '@toolcards/protocol';
import { arrayField, asFields, stringField } from '../json-fields';

/** TodoWrite as the plan card's meta: the todos the call set (`content`, `status`), in order. */
export function todoPlanMeta(input: Record<string, unknown>, toolUseResult: unknown): PlanMeta | undefined {
  const todos = arrayField(input, 'todos') ?? arrayField(asFields(toolUseResult), 'newTodos');
  if (todos === undefined) return undefined;
  const items = todos.map((todo) => {
    const fields = asFields(todo);
    return { text: stringField(fields, 'content') ?? '', status: stringField(fields, 'status') ?? '' };
  });
  return planMetaFromMeta({ items });
}
