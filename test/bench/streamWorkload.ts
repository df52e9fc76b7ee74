/**
 * The `stream`, `streamfloor` and `tools` workloads in real VS Code: a flood of N 40-character
 * Markdown chunks (scenario `benchflood`), the same flood read by the least an extension could do
 * (floorExtension.js over dist/extension.js: bare NDJSON, text appended to one <pre>), and a storm
 * of N tool calls with updates and text (scenario `benchtools`).
 */
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Frame } from "playwright-core";
import { resultsDir } from "../harness/paths";
import { eventually } from "../harness/chat";
import { sleep } from "../harness/processes";
import { endMarker, startMarker } from "../fakeAgent/benchScenarios";
import { armStreamProbe, readRecord, turnEndedWithout, waitForMark, type BenchRecord } from "./probes";
import { profileDir, startHostProfile, startRendererProfile, stopRendererProfile, traceMainThread } from "./profiling";
import { readAgentEvents } from "./rawBaseline";
import { extensionHostPid, heapAfterGcMb, innerFrame, openReadyChat, rssMb, sampleRss, type UiRun } from "./ui";
import type { Sample } from "./figures";
import {
  END_TIMEOUT_MS,
  SETTLE_MS,
  byAttribution,
  memorySamples,
  stepper,
  topScripts,
  withUi,
  type WorkloadContext,
  type WorkloadResult,
} from "./uiWorkload";

/** The plain-JS extension entry that streams with the least work (the `streamfloor` workload). */
const FLOOR_EXTENSION = join(dirname(fileURLToPath(import.meta.url)), "floorExtension.js");

/**
 * Flood (`benchflood N`) or tool storm (`benchtools N`): send → first chunk and end marker painted.
 * With `floor`, the installed extension's entry is floorExtension.js (same view, settings and
 * agent; a bare NDJSON reader and a <pre>), and the figures are `stream.floor.N….`.
 */
export async function streamWorkload(
  ctx: WorkloadContext,
  kind: "flood" | "tools",
  count: number,
  floor = false,
): Promise<WorkloadResult> {
  const benchLog = join(ctx.dir, "agent-bench.jsonl");
  const prefix = kind === "flood" ? `stream.${floor ? "floor." : ""}N${count}` : `tools.N${count}`;
  const step = stepper(floor ? `${kind}-floor` : kind);
  const runCtx = floor ? { ...ctx, overlay: { ...ctx.overlay, "dist/extension.js": FLOOR_EXTENSION } } : ctx;
  const label = `bench-${kind}${floor ? "-floor" : ""}`;
  return withUi(runCtx, label, { FAKE_AGENT_BENCH_LOG: benchLog }, async (run, cleanup) => {
    step("workbench loaded");
    const view = await openReadyChat(run.page);
    step("agent ready");
    const frame = await innerFrame(run.page);
    const pid = extensionHostPid(run.server);
    await view.prompt.fill(`${kind === "flood" ? "benchflood" : "benchtools"} ${count} ${ctx.nonce}`);
    await sleep(SETTLE_MS);
    const heapBefore = await heapAfterGcMb(run.cdp);
    const rssBefore = pid === undefined ? undefined : rssMb(pid);
    const sampler = pid === undefined ? undefined : sampleRss(pid);
    if (sampler) cleanup.push(() => sampler.stop());
    await armStreamProbe(frame, startMarker(ctx.nonce), endMarker(ctx.nonce));
    const hostProfile = profileDir() && pid !== undefined ? await startHostProfile(pid) : undefined;
    if (profileDir()) await startRendererProfile(run.cdp);
    step("sending");
    const sendAndWait = async () => {
      await view.send.click({ timeout: 30_000 });
      try {
        await waitForMark(frame, "end", END_TIMEOUT_MS, turnEndedWithout(frame, "first"));
      } catch (error) {
        throw new Error(`${(error as Error).message}; ${await diagnose(run, frame, benchLog, ctx.runName)}`);
      }
    };
    // Profiling mode: a CPU profile of a second pass would differ (caches), so the trace rides along.
    await (profileDir() ? traceMainThread(run.cdp, ctx.runName, sendAndWait) : sendAndWait());
    step("end marker painted");
    if (profileDir())
      step(`profiles ${await stopRendererProfile(run.cdp, ctx.runName)} ${await hostProfile?.stop(ctx.runName)}`);
    await eventually(
      async () => !/working/i.test((await view.status.textContent({ timeout: 30_000 })) ?? ""),
      "the turn to end",
      60_000,
    );
    await sleep(1_000);
    const record = await readRecord(frame);
    // The floor page keeps [posted (host Date.now()), arrived (Date.now()), characters] per batch.
    const floorBatches = floor
      ? ((await frame.evaluate("window.__floorBatches || []")) as Array<[number, number, number]>)
      : undefined;
    const lastBatch = floorBatches?.at(-1);
    const rssAfter = pid === undefined ? undefined : rssMb(pid);
    const rssPeak = sampler?.stop();
    const heapAfter = await heapAfterGcMb(run.cdp);
    const agent = readAgentEvents(benchLog);
    const send = record.tSend ?? record.tArmed;
    const first = record.marks.first;
    const end = record.marks.end;
    const tasks = record.longTasks.filter((t) => t.start >= send - 5);
    const samples: Sample[] = [
      [`${prefix}.firstChunkMs`, first?.tPaint === undefined ? undefined : first.tPaint - send, "ms"],
      [`${prefix}.endMarkerMs`, end?.tPaint === undefined ? undefined : end.tPaint - send, "ms"],
      // The panel only: the end marker's block painted as Markdown (the floor shows plain text).
      [
        `${prefix}.endFormattedMs`,
        floor || record.marks.formatted?.tPaint === undefined ? undefined : record.marks.formatted.tPaint - send,
        "ms",
      ],
      [
        `${prefix}.firstChunkLagMs`,
        first?.wPaint === undefined || agent.first === undefined ? undefined : first.wPaint - agent.first,
        "ms",
      ],
      [
        `${prefix}.endLagMs`,
        end?.wPaint === undefined || agent.end === undefined ? undefined : end.wPaint - agent.end,
        "ms",
      ],
      [
        `${prefix}.firstChunkArrivedLagMs`,
        record.messages?.wStart === undefined || agent.first === undefined
          ? undefined
          : record.messages.wStart - agent.first,
        "ms",
      ],
      [`${prefix}.endArrivedMs`, record.messages?.tEnd === undefined ? undefined : record.messages.tEnd - send, "ms"],
      // Send → the agent has the prompt: the client's work before the turn (the panel's checkpoint).
      [
        `${prefix}.promptSentMs`,
        agent.prompt === undefined || record.wSend === undefined ? undefined : agent.prompt - record.wSend,
        "ms",
      ],
      [`${prefix}.hostBatches`, record.messages?.count, "count"],
      [`${prefix}.firstBatchActions`, record.messages?.startBatchActions, "count"],
      [`${prefix}.longTasks`, tasks.length, "count"],
      [`${prefix}.longestTaskMs`, Math.max(0, ...tasks.map((t) => t.duration)), "ms"],
      [`${prefix}.longTaskTotalMs`, tasks.reduce((sum, t) => sum + t.duration, 0), "ms"],
      ...memorySamples(prefix, { heapBefore, heapAfter, rssBefore, rssAfter, rssPeak }),
    ];
    if (floor)
      samples.push(
        // The agent wrote the end marker → the floor extension posted it (read, parse, the 8 ms batching).
        [
          `${prefix}.endPostedLagMs`,
          lastBatch === undefined || agent.end === undefined ? undefined : lastBatch[0] - agent.end,
          "ms",
        ],
        // postMessage in the extension host → the webview's message event: VS Code's relay (extension
        // host → code-server → workbench → webview iframes), and whatever held the renderer meanwhile.
        [`${prefix}.endRelayMs`, lastBatch === undefined ? undefined : lastBatch[1] - lastBatch[0], "ms"],
      );
    return {
      samples,
      details: {
        kind,
        count,
        floor,
        ...(floorBatches ? { floorBatches } : {}),
        agent,
        longFrames: record.longFrames.length,
        longTasksByAttribution: byAttribution(tasks),
        topScripts: topScripts(record.longFrames.filter((f) => f.start >= send - 5)),
        // The first chunk's way, in ms after the Send click: the agent wrote it, the batch holding
        // it reached the webview, it was in the DOM, a frame after that.
        firstChunkTimeline: firstChunkTimeline(record, agent.prompt, agent.first),
        firstBatches: record.messages?.early,
        // What held the main thread between the click and the first chunk on screen.
        untilFirstChunk: topScripts(
          record.longFrames.filter((f) => f.start + f.duration >= send && f.start <= (first?.tPaint ?? send)),
        ),
        untilFirstChunkTasks: tasks
          .filter((t) => t.start <= (first?.tPaint ?? send))
          .map((t) => ({ at: Math.round(t.start - send), ms: Math.round(t.duration), by: t.name })),
      },
    };
  });
}

function firstChunkTimeline(
  record: BenchRecord,
  agentPrompt: number | undefined,
  agentFirst: number | undefined,
): Record<string, number> {
  const send = record.tSend ?? record.tArmed;
  const first = record.marks.first;
  const points: Array<[string, number | undefined]> = [
    [
      "promptReceived",
      agentPrompt === undefined || record.wSend === undefined ? undefined : agentPrompt - record.wSend,
    ],
    ["agentWrote", agentFirst === undefined || record.wSend === undefined ? undefined : agentFirst - record.wSend],
    ["firstBatchArrived", record.messages?.tFirst === undefined ? undefined : record.messages.tFirst - send],
    ["arrived", record.messages?.tStart === undefined ? undefined : record.messages.tStart - send],
    ["inDom", first === undefined ? undefined : first.tDom - send],
    ["painted", first?.tPaint === undefined ? undefined : first.tPaint - send],
    // 1 when the start marker never reached the DOM and the first reply text shown stands for it.
    ["viaReply", first?.via === "reply" ? 1 : undefined],
    // 1 when it reached the DOM in a frame's animation callbacks (painted by that frame).
    ["inFrame", first?.inFrame === true ? 1 : undefined],
  ];
  return Object.fromEntries(
    points.filter((p): p is [string, number] => p[1] !== undefined).map(([k, v]) => [k, Math.round(v)]),
  );
}

/** What the panel showed when a run failed: marks, transcript scroll state, status, agent milestones; and a screenshot. */
async function diagnose(run: UiRun, frame: Frame, benchLog: string, name: string): Promise<string> {
  const parts: string[] = [];
  try {
    const record = await readRecord(frame);
    parts.push(`marks ${JSON.stringify(Object.keys(record.marks))}`, `messages ${JSON.stringify(record.messages)}`);
    parts.push(
      `view ${JSON.stringify(
        await frame.evaluate(`(() => {
      const log = document.querySelector('[role="log"]');
      const rows = log ? log.querySelectorAll(".transcript-row") : [];
      const last = rows[rows.length - 1];
      return { scrollTop: log && log.scrollTop, scrollHeight: log && log.scrollHeight, clientHeight: log && log.clientHeight, rows: rows.length,
        lastRow: last ? (last.textContent || "").slice(-160) : null, status: (document.querySelector('[role="status"]') || {}).textContent };
    })()`),
      )}`,
    );
  } catch (error) {
    parts.push(`frame unreadable: ${String(error)}`);
  }
  parts.push(`agent ${JSON.stringify(readAgentEvents(benchLog))}`);
  try {
    mkdirSync(resultsDir, { recursive: true });
    const shot = join(resultsDir, `bench-${name}-failure.png`);
    await run.page.screenshot({ path: shot });
    parts.push(`screenshot ${shot}`);
  } catch {
    // the page may be gone
  }
  return parts.join("; ");
}
