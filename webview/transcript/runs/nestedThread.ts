/**
 * Whether an entry renders inside a subagent run or member lane rather than in the main thread.
 * Nested tool cards share the main thread's ids by chance only, so they look up nothing of the
 * main thread (permissions, forms, attached runs): those belong to the main thread's cards.
 */
import { type ComponentType, createContext, useContext } from "react";
import type { ThreadEntry } from "../../../src/shared/thread/thread";

export const NestedThreadContext = createContext(false);

export function useIsNested(): boolean {
  return useContext(NestedThreadContext);
}

/**
 * How a run draws its child entries. The transcript provides it (EntryView), so the recursion
 * EntryView → ToolCallCard → SubagentRunView → EntryView happens at render time, not as an import cycle.
 */
export type NestedEntryView = ComponentType<{ readonly entry: ThreadEntry }>;

export const NestedEntryContext = createContext<NestedEntryView | undefined>(undefined);

export function useNestedEntryView(): NestedEntryView {
  const view = useContext(NestedEntryContext);
  if (!view) throw new Error("ACP Panel: a subagent run rendered outside the transcript (no NestedEntryContext)");
  return view;
}
