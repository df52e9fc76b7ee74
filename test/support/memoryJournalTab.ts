/**
 * One tab writing its conversation to a journal in memory (MemoryJournalFs under "/j", workspace
 * "/w", a ManualClock), and the actions the history row's facts come from.
 */
import { JournalArchive } from "../../src/acp/journal/journalArchive";
import { TabJournals } from "../../src/acp/journal/tabJournals";
import { PanelStore } from "../../src/acp/sessions/panelStore";
import { ManualClock } from "./memoryPorts";
import { MemoryJournalFs } from "./memoryJournalFs";

export function memoryJournalTab() {
  const fs = new MemoryJournalFs();
  const clock = new ManualClock();
  const archive = new JournalArchive(fs, "/j", () => clock.now());
  const journals = new TabJournals({ archive, fs, clock, writerId: "w", cwd: () => "/w", budgetBytes: () => 1e9 });
  const store = new PanelStore();
  const tab = { store, sessionId: "s1" as string | undefined, continues: undefined as string | undefined };
  return { fs, archive, journals, store, tab };
}

/** The Demo agent's session s1 is ready and its first turn, `text`, has started. */
export function firstTurn(store: PanelStore, text: string): void {
  store.dispatch({ type: "connection/ready", agent: "Demo", sessionId: "s1" });
  store.dispatch({ type: "turn/started", entryId: "u1", text, at: 1 });
}

/** The agent's `usage_update` reporting a cost of `amount` USD. */
export const usage = (amount: number) =>
  ({
    type: "acp/update",
    entryId: `u-${amount}`,
    update: { sessionUpdate: "usage_update", used: 10, size: 100, cost: { amount, currency: "USD" } },
  }) as const;

/** A one-line change of `path` in "Files changed", the agent's unless said otherwise. */
export const changed = (path: string, origin: "agent" | "user" = "agent") =>
  ({ type: "review/recorded", path, additions: 1, deletions: 0, created: false, undoable: true, origin }) as const;
