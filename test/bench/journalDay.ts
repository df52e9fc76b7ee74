/**
 * day.T300 at host level (the panel's host stack and the journal, no VS Code; `npm run bench --
 * --only day`, dayWorkload.ts): one tab runs 300 turns of `benchday` (streamed Markdown, a read
 * with output, an edit with a 24-line diff, a shell command streaming 40 lines into a terminal
 * card) while 10 other tabs are open, each with its own agent and a short conversation. Prints,
 * as JSON lines, then one line `{"figures":[[name, value, unit], …]}` for the runner:
 * - `day.T300.hostRssGrowthMB`: RSS after GC at turn 300 minus at turn 50 (target ≤ 20), in a process
 *   whose young generation was first grown to its maximum, as a long-running extension host's is
 *   (youngGeneration.ts; `DAY_YOUNG_GENERATION=cold` leaves it as a new process has it, and its
 *   doublings then count in this figure);
 * - `day.T300.hostHeapGrowthMB`: the JS heap in use after GC, the same two points (what is retained,
 *   without the allocator's pages RSS still counts);
 * - `day.T300.journalBytesPerTurn`: the busy tab's journal size over its turns;
 * - `day.T300.reloadInteractiveMs`: a new window (manager) reopens the tab until it is ready with
 *   its whole conversation (target ≤ 1,000; the webview's paint is not included here);
 * - `day.T300.longestLoopDelayMs`: the longest event-loop delay over the 300 turns (the forced GC at
 *   turn 50 left out);
 * - `day.T300.longestBusyMs`: the main thread's longest busy spell in CPU time (Node 23.9+), the
 *   load-independent side of the event-loop delay;
 * - `day.T300.reloadJournalFoldMs`: the journal's share of the reload (the file folded, cold);
 * - `day.T300.loadAverage`: the machine's 1-minute load average over the run;
 * - `day.stream.N20000.longestLoopDelayMs` / `.longestBusyMs`: the host's longest event-loop delay
 *   and busy spell while a 20,000-chunk reply streams into the busy tab and its journal is written.
 * No webview runs here: the same day's webview heap is `--only dayweb` (webviewDay.ts), a long
 * thread's load and scroll in real VS Code the `long` workloads'.
 *
 *   node --expose-gc --import tsx test/bench/journalDay.ts
 */
import { statSync } from "node:fs";
import { loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { getHeapSpaceStatistics } from "node:v8";
import { SessionManager } from "../../src/acp/sessions/sessionManager";
import { SessionIndex } from "../../src/acp/sessions/sessionIndex";
import { TabJournals } from "../../src/acp/journal/tabJournals";
import { JournalArchive, conversationKey } from "../../src/acp/journal/journalArchive";
import { journalFile, nodeJournalFs } from "../../src/acp/journal/journalFs";
import { systemClock } from "../../src/acp/ports";
import { memorySessionStorage } from "../support/memorySessionStorage";
import { fakeAgentProcess } from "../support/fakeAgentLaunch";
import { MemoryCatalog, MemoryLogger, fixedWorkspace } from "../support/memoryPorts";
import { scratchDir } from "../support/scratchDir";
import { growYoungGenerationToItsMaximum } from "./youngGeneration";
import { runAndExit } from "./scriptExit";

const TURNS = Number(process.env.DAY_TURNS ?? 300);
const OTHER_TABS = 10;
const agent = fakeAgentProcess("Demo");
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

/**
 * RSS and the JS heap in use, in MB, after two full collections; with the V8 heap's committed
 * size and each space's, and the memory held outside the heap (Buffers), to say where RSS went.
 */
function memoryAfterGc(): { rss: number; heap: number; parts: Record<string, number> } {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with node --expose-gc");
  gc();
  gc();
  const MB = 1024 * 1024;
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  const parts: Record<string, number> = {
    heapTotal: heapTotal / MB,
    external: external / MB,
    arrayBuffers: arrayBuffers / MB,
  };
  for (const space of getHeapSpaceStatistics()) parts[`space.${space.space_name}`] = space.space_size / MB;
  return { rss: rss / MB, heap: heapUsed / MB, parts };
}

const figures: Array<[string, number, string]> = [];
const figure = (name: string, value: number, unit: string, target?: string) => {
  figures.push([name, Math.round(value * 10) / 10, unit]);
  console.log(
    JSON.stringify({ figure: name, value: Math.round(value * 10) / 10, unit, ...(target ? { target } : {}) }),
  );
};

/**
 * The most CPU time the main thread used between two ticks of a 5 ms timer: a long task of the
 * panel's own, whatever the machine's load (an event-loop delay on a loaded machine is mostly
 * waiting for a core). Needs `process.threadCpuUsage` (Node 23.9+); undefined without it.
 */
function busySampler(): { pause(): void; resume(): void; stop(): number | undefined } {
  const usage = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage;
  if (!usage) return { pause: () => undefined, resume: () => undefined, stop: () => undefined };
  const cpu = () => {
    const { user, system } = usage.call(process);
    return (user + system) / 1000;
  };
  let last = cpu();
  let longest = 0;
  let paused = false;
  const timer = setInterval(() => {
    const now = cpu();
    if (!paused) longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  return {
    pause: () => void (paused = true),
    resume: () => {
      last = cpu();
      paused = false;
    },
    stop: () => {
      clearInterval(timer);
      return longest;
    },
  };
}

async function main(): Promise<void> {
  const loadStart = loadavg()[0]!;
  if (process.env.DAY_YOUNG_GENERATION !== "cold") {
    const young = growYoungGenerationToItsMaximum();
    console.error(`day: young generation grown ${young.beforeMB.toFixed(1)} → ${young.afterMB.toFixed(1)} MB first`);
  }
  const manager = window("day-1");
  for (let i = 0; i < OTHER_TABS; i++) await (await manager.newTab("Demo")).prompt(`hello from tab ${i}`);
  const busy = await manager.newTab("Demo");
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const busy5 = busySampler();
  let at50: ReturnType<typeof memoryAfterGc> = { rss: 0, heap: 0, parts: {} };
  for (let turn = 1; turn <= TURNS; turn++) {
    await busy.prompt(`benchday t${turn}`);
    if (turn === Math.min(50, TURNS)) {
      // The forced GC is the measurement's own pause, not the panel's: outside the delay histogram.
      delay.disable();
      busy5.pause();
      at50 = memoryAfterGc();
      busy5.resume();
      delay.enable();
    }
  }
  delay.disable();
  const longestBusy = busy5.stop();
  const atEnd = memoryAfterGc();
  // The 300 turns' journal (each turn's end flushes it), before the stream below adds to it.
  const bytes = statSync(journalFile(dir, conversationKey("Demo", busy.sessionId!))).size;

  // A 20,000-chunk stream into the busy tab, its journal written meanwhile: the host's longest task.
  const streamDelay = monitorEventLoopDelay({ resolution: 5 });
  const streamBusy = busySampler();
  streamDelay.enable();
  await busy.prompt("benchflood 20000");
  streamDelay.disable();
  const streamLongestBusy = streamBusy.stop();
  const sessionId = busy.sessionId!;
  const entries = busy.store.state.thread.entries.length;
  await manager.dispose();

  // The journal's share of the reload: folding the busy tab's file in a cold archive.
  const foldStarted = performance.now();
  const folded = await new JournalArchive(nodeJournalFs, dir, () => Date.now()).resolve(
    conversationKey("Demo", sessionId),
  );
  const foldMs = performance.now() - foldStarted;
  if ((folded?.entries.length ?? 0) < entries) throw new Error("the journal holds fewer entries than the tab showed");

  const reloaded = window("day-2");
  const started = performance.now();
  const tab = await reloaded.openSession("Demo", sessionId);
  const reloadMs = performance.now() - started;
  const back = tab.store.state.thread.entries.length;
  await reloaded.dispose();
  if (back < entries) throw new Error(`reload showed ${back} of ${entries} entries`);

  console.log(`# ${TURNS} turns, ${entries} entries, ${OTHER_TABS} other tabs, ${new Date().toISOString()}`);
  figure(`day.T${TURNS}.hostRssGrowthMB`, atEnd.rss - at50.rss, "MB", "<= 20");
  figure(`day.T${TURNS}.hostHeapGrowthMB`, atEnd.heap - at50.heap, "MB");
  // Where the RSS growth is: committed heap spaces and off-heap memory, turn 300 − turn 50 (stderr: not figures).
  for (const [name, value] of Object.entries(atEnd.parts))
    console.error(`day: ${name} ${(at50.parts[name] ?? 0).toFixed(1)} → ${value.toFixed(1)} MB`);
  figure(`day.T${TURNS}.journalBytesPerTurn`, bytes / TURNS, "bytes");
  figure(`day.T${TURNS}.reloadInteractiveMs`, reloadMs, "ms", "<= 1000");
  figure(`day.T${TURNS}.longestLoopDelayMs`, delay.max / 1e6, "ms", "<= 50");
  if (longestBusy !== undefined) figure(`day.T${TURNS}.longestBusyMs`, longestBusy, "ms", "<= 50");
  figure(`day.T${TURNS}.reloadJournalFoldMs`, foldMs, "ms");
  figure(`day.stream.N20000.longestLoopDelayMs`, streamDelay.max / 1e6, "ms", "<= 50");
  if (streamLongestBusy !== undefined) figure(`day.stream.N20000.longestBusyMs`, streamLongestBusy, "ms", "<= 50");
  figure(`day.T${TURNS}.entries`, entries, "count");
  figure(`day.T${TURNS}.loadAverage`, (loadStart + loadavg()[0]!) / 2, "ratio");
  console.log(JSON.stringify({ figures }));
}

runAndExit(main);
