import { isJsonObject, type JsonValue } from '@toolcards/protocol';

/** Reading fields of a transcript record that may be missing or of another shape (format drift). */

export type Fields = Record<string, unknown>;

export function asFields(value: unknown): Fields | undefined {
  return isJsonObject(value) ? value : undefined;
}

export function stringField(fields: Fields | undefined, key: string): string | undefined {
  const value = fields?.[key];
  return typeof value === 'string' ? value : undefined;
}

export function numberField(fields: Fields | undefined, key: string): number | undefined {
  const value = fields?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A positive whole number (a 1-based line, a count of lines), else undefined. */
export function positiveIntField(fields: Fields | undefined, key: string): number | undefined {
  const value = numberField(fields, key);
  return value !== undefined && Number.isInteger(value) && value >= 1 ? value : undefined;
}

export function booleanField(fields: Fields | undefined, key: string): boolean | undefined {
  const value = fields?.[key];
  return typeof value === 'boolean' ? value : undefined;
}

export function arrayField(fields: Fields | undefined, key: string): unknown[] | undefined {
  const value = fields?.[key];
  return Array.isArray(value) ? value : undefined;
}

export function stringArray(values: unknown[] | undefined): string[] | undefined {
  if (values === undefined || !values.every((value): value is string => typeof value === 'string')) return undefined;
  return values;
}

/** A value parsed from a JSON line is JSON; undefined (a missing field) becomes an empty object. */
export function asJson(value: unknown): JsonValue {
  return value === undefined ? {} : (value as JsonValue);
}
