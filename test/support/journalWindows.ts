/**
 * VS Code windows over the journal for the journal's host-level tests: a SessionManager whose tabs
 * write through TabJournals to a JournalArchive in one folder, with the fake agent "Demo" (which
 * cannot reopen sessions), and readers of what a tab shows.
 */
import type { SessionManager } from "../../src/acp/sessions/sessionManager";
import { SessionIndex } from "../../src/acp/sessions/sessionIndex";
import { TabJournals } from "../../src/acp/journal/tabJournals";
import { JournalArchive } from "../../src/acp/journal/journalArchive";
import { nodeJournalFs, type JournalFs } from "../../src/acp/journal/journalFs";
import type { ChatSession } from "../../src/acp/sessions/chatSession";
import { memorySessionStorage } from "./memorySessionStorage";
import { fakeAgent } from "./fakeAgentLaunch";
import { fixedWorkspace, steppingClock } from "./memoryPorts";
import { memoryManager } from "./memoryManager";
import { scratchDir } from "./scratchDir";
import { entriesOf } from "./threadReaders";

const agent = fakeAgent("Demo");
const workspace = scratchDir("acp-journal-workspace-");

interface Window {
  readonly manager: SessionManager;
  readonly journals: TabJournals;
  readonly archive: JournalArchive;
  readonly health: unknown[];
}

/** One VS Code window: a manager whose tabs write the journal in `dir`. */
export function windowOn(
  dir: string,
  fs: JournalFs = nodeJournalFs,
  writerId = "window-1",
  sessions = memorySessionStorage(),
) {
  const clock = steppingClock(Date.parse("2026-12-01T10:00:00Z"));
  const archive = new JournalArchive(fs, dir, () => Date.now());
  const health: unknown[] = [];
  const journals = new TabJournals({
    archive,
    fs,
    clock,
    writerId,
    cwd: () => "/workspace",
    budgetBytes: () => 1024 * 1024 * 1024,
    onHealth: (problem) => health.push(problem),
  });
  const { m: manager } = memoryManager([agent.launch], {
    deps: { workspace: fixedWorkspace(workspace), clock },
    index: new SessionIndex(sessions),
    transcripts: journals,
  });
  return { manager, journals, archive, health } satisfies Window;
}

/** The texts of the tab's user entries, in order. */
export const userTexts = (tab: ChatSession) => entriesOf(tab.store.state.thread, "user").map((entry) => entry.text);
/** The titles of the tab's notices, in order. */
export const noticeTitles = (tab: ChatSession) =>
  entriesOf(tab.store.state.thread, "notice").map((entry) => entry.title);
