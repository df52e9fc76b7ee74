/** Counts the entry lists and key indexes the thread helpers copy while `run` runs (threadEntries.ts). */
import { containerCopyProbe } from "../../src/shared/thread/threadEntries";

export function containerCopiesDuring(run: () => unknown): number {
  let copies = 0;
  const outer = containerCopyProbe.onCopy;
  containerCopyProbe.onCopy = () => {
    copies += 1;
    outer?.();
  };
  try {
    run();
  } finally {
    containerCopyProbe.onCopy = outer;
  }
  return copies;
}
