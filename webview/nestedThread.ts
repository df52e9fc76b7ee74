/**
 * Whether an entry renders inside a subagent run or member lane rather than in the main thread.
 * Nested tool cards share the main thread's ids by chance only, so they look up nothing of the
 * main thread (permissions, forms, attached runs): those belong to the main thread's cards.
 */
import { createContext, useContext } from "react";

export const NestedThreadContext = createContext(false);

export function useIsNested(): boolean {
  return useContext(NestedThreadContext);
}
