import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useSessionState } from '../store/client-context';
import { isCardInPick, NO_PICK, type RangePick } from './export-range-pick';
import { ExportRangePicker } from './export-range-picker';

const PickerContext = createContext<ExportRangePicker | null>(null);
const noSubscription = () => () => {};
const noPick = () => NO_PICK;

/** The workbench's range picker: a pick ends when another session opens. */
export function ExportRangeProvider({ children }: { children: ReactNode }) {
  const [picker] = useState(() => new ExportRangePicker());
  const sessionId = useSessionState((state) => state.sessionId);
  useEffect(() => () => picker.cancel(), [picker, sessionId]);
  return <PickerContext.Provider value={picker}>{children}</PickerContext.Provider>;
}

/** Test and story support: a picker given as is. */
export function ExportRangePickerProvider({ picker, children }: { picker: ExportRangePicker | null; children: ReactNode }) {
  return <PickerContext.Provider value={picker}>{children}</PickerContext.Provider>;
}

/** The picker (null outside the workbench: a gallery story, the exported file's page). */
export function useExportRangePicker(): ExportRangePicker | null {
  return useContext(PickerContext);
}

export function useRangePick(picker: ExportRangePicker | null): RangePick {
  return useSyncExternalStore(picker?.subscribe ?? noSubscription, picker?.getSnapshot ?? noPick);
}

/** The card starting at `seq` is an end of the pick or inside it (a boolean: other picks do not re-render it). */
export function useCardInExportRange(seq: number | undefined): boolean {
  const picker = useExportRangePicker();
  return useSyncExternalStore(picker?.subscribe ?? noSubscription, () => seq !== undefined && picker !== null && isCardInPick(picker.getSnapshot(), seq));
}
