/**
 * The long thread's load at host level, without VS Code: a SessionManager with the journal (as the
 * extension host has it) opens the seeded 2,000-entry session from the list (`session/load` with
 * replay, the fake agent's `bub` profile), and a ReplicaFeed serialises what it posts, as
 * `postMessage` does, and acknowledges every render at once, so the tail and every slice of
 * history go out. The figures stop when the whole thread has been posted and the journal written.
 * What the panel's host stack itself needs for that load, beside the `long` workload's extension
 * host in VS Code (which adds VS Code's message path and a fresh host's young generation). The
 * process's young generation is first grown to its maximum, as a long-running host's is.
 * Bundled and run like hostClient.ts; input HostLoadJob, output one HostLoadResult line.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { getHeapSpaceStatistics } from "node:v8";
import { SessionManager } from "../../src/acp/sessions/sessionManager";
import { SessionIndex } from "../../src/acp/sessions/sessionIndex";
import { ReplicaFeed } from "../../src/acp/sessions/replicaFeed";
import { TabJournals } from "../../src/acp/journal/tabJournals";
import { JournalArchive } from "../../src/acp/journal/journalArchive";
import { nodeJournalFs } from "../../src/acp/journal/journalFs";
import { systemClock } from "../../src/acp/ports";
import type { HostMessage } from "../../src/shared/wire/protocol";
import { memorySessionStorage } from "../support/memorySessionStorage";
import { definitionOf, MemoryCatalog, fixedWorkspace } from "../support/memoryPorts";
import { TrafficLogger } from "./benchLogger";
import { startMemorySampler } from "./memorySampler";
import { growYoungGenerationToItsMaximum } from "./youngGeneration";
import { runClient } from "./clientMain";

export interface HostLoadJob {
  readonly node: string;
  readonly agentScript: string;
  /** The fake agent's state file holding the seeded session (writeLongThreadState). */
  readonly stateFile: string;
  readonly sessionId: string;
  /** The workspace the session belongs to; the journal goes into a folder beside it. */
  readonly cwd: string;
}

export interface HostLoadResult {
  /** Open Session → the whole thread posted to the (fake) webview and the journal written. */
  readonly ms: number;
  readonly entries: number;
  readonly postedMB: number;
  readonly rssPeakGrowthMB: number;
  readonly heapGrowthMB?: number;
  /** The young generation's committed size after the load minus before (V8 grows it when many objects survive). */
  readonly youngGenerationGrowthMB: number;
}

const AGENT = "Bench Bub";
const MIB = 1024 * 1024;
const youngGenerationBytes = (): number =>
  getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0;

async function run(job: HostLoadJob): Promise<HostLoadResult> {
  const journalDir = join(job.cwd, "..", `journal-${job.sessionId}`);
  mkdirSync(journalDir, { recursive: true });
  const journals = new TabJournals({
    archive: new JournalArchive(nodeJournalFs, journalDir, () => Date.now()),
    fs: nodeJournalFs,
    clock: systemClock,
    writerId: "bench",
    cwd: () => job.cwd,
    budgetBytes: () => 1024 * MIB,
  });
  const launch = definitionOf({
    name: AGENT,
    command: job.node,
    args: [job.agentScript],
    env: { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_STATE: job.stateFile },
  });
  const manager = new SessionManager(
    {
      catalog: new MemoryCatalog([launch]),
      workspace: fixedWorkspace(job.cwd),
      logger: new TrafficLogger(),
      clock: systemClock,
      restartDelaysMs: [],
    },
    new SessionIndex(memorySessionStorage()),
    journals,
  );
  // The panel as the user finds it: one tab with its agent ready, the webview in sync.
  let bound = await manager.newTab(AGENT);
  let postedBytes = 0;
  let wholePosted: () => void = () => undefined;
  const whole = new Promise<void>((resolve) => (wholePosted = resolve));
  const feed: ReplicaFeed = new ReplicaFeed((message: HostMessage) => {
    postedBytes += JSON.stringify(message).length;
    if (message.type === "state/actions") {
      const through = message.through ?? message.seq + message.actions.length - 1;
      setImmediate(() => feed.acknowledge(through));
    } else if (message.type === "state/snapshot") {
      if (!message.state.thread.omittedEntries && message.state.thread.entries.length > 0) wholePosted();
      setImmediate(() => feed.acknowledge(message.seq));
    } else if (message.type === "state/history") {
      if (message.start === 0) wholePosted();
      setImmediate(() => feed.acknowledge(bound.store.seq, message.start));
    }
  });
  feed.bind(bound.store);
  feed.snapshot();

  // Where a long-running extension host is (youngGeneration.ts): a fresh process's young generation
  // would double during the load whatever the panel keeps.
  growYoungGenerationToItsMaximum();
  const youngBefore = youngGenerationBytes();
  const memory = startMemorySampler();
  postedBytes = 0;
  const started = performance.now();
  bound = await manager.openSession(AGENT, job.sessionId);
  // What the panel does when the new tab becomes the active one.
  feed.bind(bound.store);
  feed.snapshot();
  await whole;
  await journals.flush();
  const ms = performance.now() - started;
  const { rssPeakGrowthMB, heapGrowthMB } = memory.stop();
  const youngGenerationGrowthMB = (youngGenerationBytes() - youngBefore) / MIB;
  const entries = bound.store.state.thread.entries.length;
  if (entries === 0) throw new Error(`session ${job.sessionId} loaded no entries`);
  feed.dispose();
  await manager.dispose();
  return {
    ms,
    entries,
    postedMB: postedBytes / MIB,
    rssPeakGrowthMB,
    ...(heapGrowthMB === undefined ? {} : { heapGrowthMB }),
    youngGenerationGrowthMB,
  };
}

runClient("hostLoad", run);
