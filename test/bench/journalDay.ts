/**
 * day.T300 at host level (the panel's host stack and the journal, no VS Code): one tab runs 300
 * turns (text and three tool calls with output each, `benchtools 3`) while 10 other tabs are open,
 * each with its own agent and a short conversation. Prints, as JSON lines:
 * - `day.T300.hostRssGrowthMB`: RSS after GC at turn 300 minus at turn 50 (target ≤ 20);
 * - `day.T300.journalBytesPerTurn`: the busy tab's journal size over its turns;
 * - `day.T300.reloadInteractiveMs`: a new window (manager) reopens the tab until it is ready with
 *   its whole conversation (target ≤ 1,000; the webview's paint is not included here);
 * - `day.T300.longestLoopDelayMs`: the longest event-loop delay over the 300 turns.
 *
 *   node --expose-gc --import tsx test/bench/journalDay.ts
 */
import { statSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { SessionManager } from "../../src/acp/sessions/sessionManager";
import { SessionIndex } from "../../src/acp/sessions/sessionIndex";
import { TabJournals } from "../../src/acp/journal/tabJournals";
import { JournalArchive, conversationKey } from "../../src/acp/journal/journalArchive";
import { journalFile, nodeJournalFs } from "../../src/acp/journal/journalFs";
import { systemClock } from "../../src/acp/ports";
import { memorySessionStorage } from "../support/memorySessionStorage";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { MemoryCatalog, MemoryLogger, fixedWorkspace } from "../support/memoryPorts";
import { scratchDir } from "../support/scratchDir";

const TURNS = Number(process.env.DAY_TURNS ?? 300);
const OTHER_TABS = 10;
const agent = fakeAgent("Demo");
const dir = scratchDir("acp-journal-day-");
const workspace = scratchDir("acp-journal-day-ws-");
const sessions = memorySessionStorage();

function window(writerId: string): SessionManager {
  const archive = new JournalArchive(nodeJournalFs, dir, () => Date.now());
  const journals = new TabJournals({
    archive,
    fs: nodeJournalFs,
    clock: systemClock,
    writerId,
    cwd: () => workspace,
    budgetBytes: () => 1024 * 1024 * 1024,
  });
  return new SessionManager(
    {
      catalog: new MemoryCatalog([agent.launch]),
      workspace: fixedWorkspace(workspace),
      logger: new MemoryLogger(),
      clock: systemClock,
      restartDelaysMs: [],
    },
    new SessionIndex(sessions),
    journals,
  );
}

function rssAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with node --expose-gc");
  gc();
  gc();
  return process.memoryUsage().rss / (1024 * 1024);
}

const figure = (name: string, value: number, unit: string, target?: string) =>
  console.log(
    JSON.stringify({ figure: name, value: Math.round(value * 10) / 10, unit, ...(target ? { target } : {}) }),
  );

async function main(): Promise<void> {
  const manager = window("day-1");
  for (let i = 0; i < OTHER_TABS; i++) await (await manager.newTab("Demo")).prompt(`hello from tab ${i}`);
  const busy = await manager.newTab("Demo");
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let rss50 = 0;
  for (let turn = 1; turn <= TURNS; turn++) {
    await busy.prompt(`benchtools 3 t${turn}`);
    if (turn === Math.min(50, TURNS)) rss50 = rssAfterGc();
  }
  delay.disable();
  const rssEnd = rssAfterGc();
  const sessionId = busy.sessionId!;
  const entries = busy.store.state.thread.entries.length;
  await manager.dispose();
  const bytes = statSync(journalFile(dir, conversationKey("Demo", sessionId))).size;

  const reloaded = window("day-2");
  const started = performance.now();
  const tab = await reloaded.openSession("Demo", sessionId);
  const reloadMs = performance.now() - started;
  const back = tab.store.state.thread.entries.length;
  await reloaded.dispose();
  if (back < entries) throw new Error(`reload showed ${back} of ${entries} entries`);

  console.log(`# ${TURNS} turns, ${entries} entries, ${OTHER_TABS} other tabs, ${new Date().toISOString()}`);
  figure(`day.T${TURNS}.hostRssGrowthMB`, rssEnd - rss50, "MB", "<= 20");
  figure(`day.T${TURNS}.journalBytesPerTurn`, bytes / TURNS, "bytes");
  figure(`day.T${TURNS}.reloadInteractiveMs`, reloadMs, "ms", "<= 1000");
  figure(`day.T${TURNS}.longestLoopDelayMs`, delay.max / 1e6, "ms", "<= 50");
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
