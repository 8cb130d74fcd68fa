import { ImporterStateError, type ImportedSource, type ImporterState } from './transcript-importer';

/** The data of a state this importer wrote in this layout, or ImporterStateError. */
export function stateData(state: ImporterState, source: ImportedSource, version: number): Record<string, unknown> {
  if (state.source !== source || state.version !== version || typeof state.data !== 'object' || state.data === null || Array.isArray(state.data)) {
    throw new ImporterStateError(`not a ${source} importer state of layout ${version}`);
  }
  return state.data as Record<string, unknown>;
}

/** A list field of a state (pairs for a Map, strings for a Set), or ImporterStateError. */
export function stateList<T>(data: Record<string, unknown>, key: string): T[] {
  const value = data[key];
  if (!Array.isArray(value)) throw new ImporterStateError(`the importer state has no list "${key}"`);
  return value as T[];
}

/** An optional string field of a state, or ImporterStateError. */
export function stateString(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  if (value !== undefined && typeof value !== 'string') throw new ImporterStateError(`the importer state's "${key}" is not a string`);
  return value;
}
