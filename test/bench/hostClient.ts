/**
 * The panel's extension-host side without VS Code: for each of `sessions` tabs, a ChatSession
 * (its own agent process over stdio, the connection, the session controller, the PanelStore) and
 * a ReplicaFeed whose webview acknowledges every batch at once (batches are serialised, as
 * postMessage does). The traffic log is the real ring buffer. All tabs are prompted at once with
 * `benchflood N`; the figure is Send → every tab has folded its end marker. This isolates how the
 * host scales (chunks, sessions) from the renderer. Bundled and run like rawClient.ts;
 * input HostJob, output one HostResult line.
 */
import { tmpdir } from "node:os";
import { ChatSession } from "../../src/acp/sessions/chatSession";
import { ReplicaFeed } from "../../src/acp/sessions/replicaFeed";
import { systemClock } from "../../src/acp/ports";
import { TrafficLogger } from "./benchLogger";
import { definitionOf, MemoryCatalog, fixedWorkspace } from "../support/memoryPorts";
import { startMemorySampler } from "./memorySampler";
import { runClient } from "./clientMain";

export interface HostJob {
  readonly node: string;
  readonly agentScript: string;
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  readonly sessions: number;
  readonly count: number;
  readonly nonce: string;
}

export interface HostResult {
  /** Send → the last tab folded its end marker. */
  readonly ms: number;
  /** Date.now() when the first tab folded its first chunk / the last its end marker. */
  readonly firstChunkAt?: number;
  /** Date.now() when the first tab posted a batch holding a chunk to its (fake) webview. */
  readonly firstPostedAt?: number;
  readonly endAt?: number;
  readonly rssPeakGrowthMB: number;
  readonly heapGrowthMB?: number;
  readonly batches: number;
}

async function run(job: HostJob): Promise<HostResult> {
  const logger = new TrafficLogger();
  const launch = definitionOf({ name: "Bench Agent", command: job.node, args: [job.agentScript], env: { ...job.env } });
  const tabs = Array.from({ length: job.sessions }, (_, i) => {
    const chat = new ChatSession({
      catalog: new MemoryCatalog([launch]),
      workspace: fixedWorkspace(job.cwd || tmpdir()),
      logger,
      clock: systemClock,
      restartDelaysMs: [],
    });
    chat.refreshAgents();
    let batches = 0;
    let firstPostedAt: number | undefined;
    const feed: ReplicaFeed = new ReplicaFeed((message) => {
      JSON.stringify(message);
      if (message.type !== "state/actions") return;
      batches += 1;
      if (
        firstPostedAt === undefined &&
        message.actions.some((a) => a.type === "acp/update" && a.update.sessionUpdate === "agent_message_chunk")
      )
        firstPostedAt = Date.now();
      const through = message.through ?? message.seq + message.actions.length - 1;
      setImmediate(() => feed.acknowledge(through));
    });
    feed.bind(chat.store);
    feed.snapshot();
    const marker = `BENCH-END-${job.nonce}s${i}`;
    let firstAt: number | undefined;
    let endAt: number | undefined;
    let sawEnd: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => (sawEnd = resolve));
    chat.store.subscribe((action) => {
      if (action.type !== "acp/update" || action.update.sessionUpdate !== "agent_message_chunk") return;
      firstAt ??= Date.now();
      const text = (action.update as { content?: { text?: unknown } }).content?.text;
      if (endAt === undefined && typeof text === "string" && text.includes(marker)) {
        endAt = Date.now();
        sawEnd();
      }
    });
    return {
      chat,
      feed,
      ended,
      prompt: `benchflood ${job.count} ${job.nonce}s${i}`,
      times: () => ({ firstAt, firstPostedAt, endAt, batches }),
    };
  });
  await Promise.all(tabs.map((tab) => tab.chat.start()));
  const memory = startMemorySampler();
  const started = performance.now();
  const turns = tabs.map((tab) => tab.chat.prompt(tab.prompt));
  await Promise.all(tabs.map((tab) => tab.ended));
  const ms = performance.now() - started;
  await Promise.all(turns);
  const { rssPeakGrowthMB, heapGrowthMB } = memory.stop();
  const times = tabs.map((tab) => tab.times());
  for (const tab of tabs) tab.feed.dispose();
  await Promise.all(tabs.map((tab) => tab.chat.dispose()));
  const firstChunkAt = Math.min(...times.map((t) => t.firstAt ?? Infinity));
  const endAt = Math.max(...times.map((t) => t.endAt ?? 0));
  const firstPostedAt = Math.min(...times.map((t) => t.firstPostedAt ?? Infinity));
  return {
    ms,
    rssPeakGrowthMB,
    ...(heapGrowthMB === undefined ? {} : { heapGrowthMB }),
    batches: times.reduce((sum, t) => sum + t.batches, 0),
    ...(Number.isFinite(firstChunkAt) ? { firstChunkAt } : {}),
    ...(Number.isFinite(firstPostedAt) ? { firstPostedAt } : {}),
    ...(endAt ? { endAt } : {}),
  };
}

runClient("host", run);
