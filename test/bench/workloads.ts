/**
 * The UI workloads, one fresh code-server + Chromium each (see ui.ts):
 *   stream  a flood of N 40-character Markdown chunks (scenario `benchflood`)
 *   streamfloor  the same flood read by the least an extension could do (floorExtension.js over
 *           dist/extension.js: bare NDJSON, text appended to one <pre>), the floor inside VS Code
 *   tools   a storm of N tool calls with updates and text (scenario `benchtools`)
 *   long    session/load of a 2,000-entry thread, then a scroll from bottom to top
 *   panel   the empty panel (no agent configured): first paint, activation time; and the floor
 *           (the same view serving a page without a bundle)
 * Each returns its samples and a few diagnostics (the heaviest scripts of the long frames).
 */
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Frame, Page } from "playwright-core";
import { resultsDir } from "../harness/paths";
import { runCommand } from "../harness/browser";
import { eventually } from "../harness/chat";
import { safeReaddir, sleep } from "../harness/processes";
import { endMarker, startMarker } from "../fakeAgent/benchScenarios";
import type { Unit } from "./figures";
import { ENTRIES_PER_TURN, LONG_TITLE, LONG_TURNS, longEndMarker, writeLongThreadState } from "./longThread";
import {
  armInteractiveProbe,
  armStreamProbe,
  paintTimings,
  readRecord,
  scrollToTop,
  turnEndedWithout,
  waitForMark,
  type BenchRecord,
  type LongFrame,
} from "./probes";
import { profileDir, startHostProfile, startRendererProfile, stopRendererProfile, traceMainThread } from "./profiling";
import { readAgentEvents } from "./rawBaseline";
import {
  armWorkbenchStamp,
  extensionHostPid,
  heapAfterGcMb,
  innerFrame,
  openPanel,
  openReadyChat,
  rssMb,
  sampleRss,
  startUi,
  workbenchStamp,
  type UiRun,
} from "./ui";

export type Sample = readonly [figure: string, value: number | undefined, unit: Unit];

/** The page's JS heap and the host's RSS around a workload, in MB (RSS undefined where not measured). */
function memorySamples(
  prefix: string,
  m: {
    heapBefore: number;
    heapAfter: number;
    rssBefore: number | undefined;
    rssAfter: number | undefined;
    rssPeak: number | undefined;
  },
): Sample[] {
  const growth = (to: number | undefined) =>
    to === undefined || m.rssBefore === undefined ? undefined : to - m.rssBefore;
  return [
    [`${prefix}.pageHeapMB`, m.heapAfter, "MB"],
    [`${prefix}.pageHeapGrowthMB`, m.heapAfter - m.heapBefore, "MB"],
    [`${prefix}.hostRssBeforeMB`, m.rssBefore, "MB"],
    [`${prefix}.hostRssAfterMB`, m.rssAfter, "MB"],
    [`${prefix}.hostRssGrowthMB`, growth(m.rssAfter), "MB"],
    [`${prefix}.hostRssPeakMB`, m.rssPeak, "MB"],
    [`${prefix}.hostRssPeakGrowthMB`, growth(m.rssPeak), "MB"],
  ];
}

export interface WorkloadResult {
  readonly samples: Sample[];
  readonly details: Record<string, unknown>;
}

export interface WorkloadContext {
  readonly vsix: string;
  /** Readable bundles to run instead of the packaged ones (profiling mode). */
  readonly overlay?: Readonly<Record<string, string>>;
  /** Names this run's profiles. */
  readonly runName: string;
  readonly agentScript: string;
  /** A fresh folder for this run (workspace, logs, agent state). */
  readonly dir: string;
  readonly nonce: string;
}

/** The scripted scroll covers the whole thread in about this many animation frames. */
const SCROLL_FRAMES = 120;

/** How long a flood may take to reach the screen before the run counts as failed. */
const END_TIMEOUT_MS = 90_000;

/** Let the workbench and the agent go quiet before measuring. */
const SETTLE_MS = 1_000;

/** Progress on stderr (BENCH_VERBOSE=1), with seconds since the workload started. */
function stepper(label: string): (what: string) => void {
  const t = Date.now();
  return (what) => {
    if (process.env.BENCH_VERBOSE)
      process.stderr.write(`[bench] ${label} +${((Date.now() - t) / 1000).toFixed(1)} s ${what}\n`);
  };
}

/** Timers to stop however the workload ends. */
type Cleanup = Array<() => void>;

async function withUi<T>(
  ctx: WorkloadContext,
  label: string,
  agentEnv: Record<string, string> | undefined,
  body: (run: UiRun, cleanup: Cleanup) => Promise<T>,
): Promise<T> {
  const workspace = join(ctx.dir, "workspace");
  mkdirSync(workspace, { recursive: true });
  const run = await startUi({
    label,
    vsix: ctx.vsix,
    workspace,
    agentScript: ctx.agentScript,
    ...(agentEnv ? { agentEnv } : {}),
    ...(ctx.overlay ? { overlay: ctx.overlay } : {}),
  });
  const cleanup: Cleanup = [];
  try {
    return await body(run, cleanup);
  } finally {
    for (const stop of cleanup) stop();
    await run.close();
  }
}

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
        firstChunkTimeline: firstChunkTimeline(record, agent.first),
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

function firstChunkTimeline(record: BenchRecord, agentFirst: number | undefined): Record<string, number> {
  const send = record.tSend ?? record.tArmed;
  const first = record.marks.first;
  const points: Array<[string, number | undefined]> = [
    ["agentWrote", agentFirst === undefined || record.wSend === undefined ? undefined : agentFirst - record.wSend],
    ["firstBatchArrived", record.messages?.tFirst === undefined ? undefined : record.messages.tFirst - send],
    ["arrived", record.messages?.tStart === undefined ? undefined : record.messages.tStart - send],
    ["inDom", first === undefined ? undefined : first.tDom - send],
    ["painted", first?.tPaint === undefined ? undefined : first.tPaint - send],
    // 1 when the start marker never reached the DOM and the first reply text shown stands for it.
    ["viaReply", first?.via === "reply" ? 1 : undefined],
  ];
  return Object.fromEntries(
    points.filter((p): p is [string, number] => p[1] !== undefined).map(([k, v]) => [k, Math.round(v)]),
  );
}

/**
 * session/load of a long thread (`entries` thread entries, 2,000 by default) through "ACP: Open
 * Session…", then (with `scroll`) a scripted scroll to the top. Figures are `long.T<entries>.…`.
 */
export async function longThreadWorkload(
  ctx: WorkloadContext,
  entries = LONG_TURNS * ENTRIES_PER_TURN,
  withScroll = true,
): Promise<WorkloadResult> {
  const state = join(ctx.dir, "agent-state.json");
  const workspace = join(ctx.dir, "workspace");
  mkdirSync(workspace, { recursive: true });
  const seeded = writeLongThreadState(state, workspace, ctx.nonce, Math.ceil(entries / ENTRIES_PER_TURN));
  const benchLog = join(ctx.dir, "agent-bench.jsonl");
  const env = { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_STATE: state, FAKE_AGENT_BENCH_LOG: benchLog };
  return withUi(ctx, "bench-long", env, async (run, cleanup) => {
    await openReadyChat(run.page);
    const frame = await innerFrame(run.page);
    const pid = extensionHostPid(run.server);
    await sleep(SETTLE_MS);
    const heapBefore = await heapAfterGcMb(run.cdp);
    const rssBefore = pid === undefined ? undefined : rssMb(pid);
    const sampler = pid === undefined ? undefined : sampleRss(pid);
    if (sampler) cleanup.push(() => sampler.stop());
    await armInteractiveProbe(frame, longEndMarker(ctx.nonce));
    const row = await pickInPalette(run.page, "ACP: Open Session…", LONG_TITLE);
    await armWorkbenchStamp(run.page);
    const hostProfile = profileDir() && pid !== undefined ? await startHostProfile(pid) : undefined;
    if (profileDir()) await startRendererProfile(run.cdp);
    const pickAndWait = async () => {
      await row.click();
      await waitForMark(frame, "interactive", END_TIMEOUT_MS, turnEndedWithout(frame, undefined, 10_000));
      if (profileDir()) await waitForMark(frame, "whole", END_TIMEOUT_MS); // the profile covers the whole thread's arrival too
    };
    await (profileDir() ? traceMainThread(run.cdp, `${ctx.runName}-load`, pickAndWait) : pickAndWait());
    const picked = await workbenchStamp(run.page);
    if (profileDir()) await stopRendererProfile(run.cdp, `${ctx.runName}-load`);
    await hostProfile?.stop(`${ctx.runName}-load`);
    // The scroll needs the whole thread, which follows the tail that made the panel interactive.
    await waitForMark(frame, "whole", END_TIMEOUT_MS);
    await sleep(1_000);
    const loaded = await readRecord(frame);
    const rssAfter = pid === undefined ? undefined : rssMb(pid);
    const rssPeak = sampler?.stop();
    const heapAfter = await heapAfterGcMb(run.cdp);
    const toPicked = (mark: { ePaint?: number } | undefined) =>
      mark?.ePaint === undefined || picked === undefined ? undefined : mark.ePaint - picked;
    const interactive = loaded.marks.interactive;
    const start = picked === undefined ? loaded.tArmed : picked - loaded.timeOrigin;
    const loadTasks = loaded.longTasks.filter((t) => t.start >= start - 5);

    const scrollFrom = (await readRecord(frame)).longTasks.length;
    let scroll: Awaited<ReturnType<typeof scrollToTop>> | undefined;
    if (withScroll) {
      if (profileDir()) await startRendererProfile(run.cdp);
      scroll = await scrollToTop(frame, SCROLL_FRAMES);
      if (profileDir()) await stopRendererProfile(run.cdp, `${ctx.runName}-scroll`);
    }
    const afterScroll = await readRecord(frame);
    const scrollTasks = afterScroll.longTasks.slice(scrollFrom);
    const prefix = `long.T${entries}`;
    // Where the time goes: the new tab's agent process starting, the agent replaying, then us.
    const agent = readAgentEvents(benchLog);
    const sincePick = (at: number | undefined) =>
      at === undefined || picked === undefined || at < picked ? undefined : at - picked;
    const samples: Sample[] = [
      [`${prefix}.interactiveMs`, toPicked(interactive), "ms"],
      [`${prefix}.agentStartedMs`, sincePick(agent.started), "ms"],
      [`${prefix}.agentReplayedMs`, sincePick(agent.loadReplayed), "ms"],
      [
        `${prefix}.interactiveAfterReplayMs`,
        interactive?.ePaint === undefined || agent.loadReplayed === undefined
          ? undefined
          : interactive.ePaint - agent.loadReplayed,
        "ms",
      ],
      [
        `${prefix}.tailArrivedAfterReplayMs`,
        loaded.wTail === undefined || agent.loadReplayed === undefined ? undefined : loaded.wTail - agent.loadReplayed,
        "ms",
      ],
      [
        `${prefix}.interactiveAfterTailMs`,
        interactive?.ePaint === undefined || loaded.wTail === undefined ? undefined : interactive.ePaint - loaded.wTail,
        "ms",
      ],
      [
        `${prefix}.snapshotArrivedAfterReplayMs`,
        loaded.wSnapshot === undefined || agent.loadReplayed === undefined
          ? undefined
          : loaded.wSnapshot - agent.loadReplayed,
        "ms",
      ],
      [`${prefix}.wholeThreadMs`, toPicked(loaded.marks.whole), "ms"],
      [`${prefix}.lastEntryMs`, toPicked(loaded.marks.lastEntry), "ms"],
      [`${prefix}.loadLongTasks`, loadTasks.length, "count"],
      [`${prefix}.loadLongestTaskMs`, Math.max(0, ...loadTasks.map((t) => t.duration)), "ms"],
      [`${prefix}.scrollFrames`, scroll?.frames, "frames"],
      [`${prefix}.scrollDroppedFrames`, scroll?.dropped, "frames"],
      [`${prefix}.scrollJankyFrames`, scroll?.janky, "frames"],
      [`${prefix}.scrollP95FrameMs`, scroll?.p95FrameMs, "ms"],
      [`${prefix}.scrollLongestFrameMs`, scroll?.longestFrameMs, "ms"],
      [`${prefix}.scrollLongTasks`, scroll ? scrollTasks.length : undefined, "count"],
      ...memorySamples(prefix, { heapBefore, heapAfter, rssBefore, rssAfter, rssPeak }),
    ];
    return {
      samples,
      details: {
        seeded,
        scroll,
        loadLongTasksByAttribution: byAttribution(loadTasks),
        loadTopScripts: topScripts(loaded.longFrames.filter((f) => f.start >= start - 5)),
        ...(scroll ? { scrollTopScripts: topScripts(afterScroll.longFrames.slice(loaded.longFrames.length)) } : {}),
      },
    };
  });
}

/** The page that paints one element and loads nothing (same view, host and CSP): the floor of opening. */
const FLOOR_HTML = join(dirname(fileURLToPath(import.meta.url)), "floorWebview.html");

/**
 * The empty panel (no agent configured): its first contentful paint and the activation time; and,
 * in a code-server of its own, the floor: the same view serving a page with no bundle
 * (floorWebview.html over media/webview.html), click to its first contentful paint.
 */
export async function panelWorkload(ctx: WorkloadContext): Promise<WorkloadResult> {
  const floor = await withUi(
    { ...ctx, overlay: { ...ctx.overlay, "media/webview.html": FLOOR_HTML } },
    "bench-floor",
    undefined,
    (run) => openToFirstPaint(run),
  );
  return withUi(ctx, "bench-panel", undefined, async (run) => {
    const { clicked, paint, outerOrigin, outerMarks, activationStarted } = await openToFirstPaint(run);
    const activation = await activationTime(run.page);
    const openToFcp =
      paint.fcp === undefined || clicked === undefined ? undefined : paint.timeOrigin + paint.fcp - clicked;
    const samples: Sample[] = [
      [
        "panel.empty.clickToActivationMs",
        activationStarted === undefined || clicked === undefined ? undefined : activationStarted - clicked,
        "ms",
      ],
      [
        "panel.empty.clickToWebviewMs",
        outerOrigin === undefined || clicked === undefined ? undefined : outerOrigin - clicked,
        "ms",
      ],
      ["panel.empty.webviewBootMs", outerOrigin === undefined ? undefined : paint.timeOrigin - outerOrigin, "ms"],
      ["panel.empty.fcpMs", paint.fcp, "ms"],
      ["panel.empty.openToFcpMs", openToFcp, "ms"],
      ["panel.empty.workerReadyMs", workerReady(outerMarks), "ms"],
      ["open.floor", floor.openToFcpMs, "ms"],
      ["open.floorWorkerReadyMs", workerReady(floor.outerMarks), "ms"],
      ["open.floorFcpMs", floor.paint.fcp, "ms"],
      ["activation.ms", activation?.total, "ms"],
    ];
    return {
      samples,
      details: {
        paint,
        outerMarks,
        activation,
        floor: {
          paint: floor.paint,
          outerMarks: floor.outerMarks,
          outerToInnerMs: floor.outerOrigin === undefined ? undefined : floor.paint.timeOrigin - floor.outerOrigin,
        },
      },
    };
  });
}

/** When VS Code's outer webview frame had its service worker ready for the content (ms from its origin). */
function workerReady(marks: ReadonlyArray<[string, number]>): number | undefined {
  return marks.find(([name]) => name.endsWith("content/workerReady"))?.[1];
}

/** Opens the view once the workbench has settled; the click and the inner frame's paint timings. */
async function openToFirstPaint(run: UiRun) {
  // Open the view once the workbench has finished starting (its eager extensions activated):
  // the figure is then about this extension, not about VS Code's own startup.
  await eventually(
    () => extensionHostLog(run).includes("Eager extensions activated"),
    "the extension host to finish starting",
    60_000,
  );
  await sleep(SETTLE_MS);
  const clicked = await openPanel(run.page, true);
  const frame = await innerFrame(run.page);
  let paint = await paintTimings(frame);
  const deadline = Date.now() + 30_000;
  while (paint.fcp === undefined && Date.now() < deadline) {
    await sleep(100);
    paint = await paintTimings(frame);
  }
  // Where the time before the first paint goes: the outer webview iframe (VS Code's host page)
  // starts loading after activation and resolveWebviewView; our HTML loads in the inner frame.
  const outer = frame.parentFrame();
  const outerOrigin = outer ? ((await outer.evaluate("performance.timeOrigin")) as number) : undefined;
  // VS Code's own marks in the outer frame (pre/index.html): the HTML arrived, its service worker was ready.
  const outerMarks = outer
    ? ((await outer.evaluate(
        `performance.getEntriesByType("mark").map((m) => [m.name, Math.round(m.startTime)])`,
      )) as Array<[string, number]>)
    : [];
  // The exthost log names the activation (no duration) with a local, millisecond timestamp.
  const activatedLine = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d\.\d{3}) .*_doActivateExtension acp-panel\.acp-panel/m.exec(
    extensionHostLog(run),
  );
  const activationStarted = activatedLine ? new Date(`${activatedLine[1]}T${activatedLine[2]}`).getTime() : undefined;
  const openToFcpMs =
    paint.fcp === undefined || clicked === undefined ? undefined : paint.timeOrigin + paint.fcp - clicked;
  return { clicked, paint, outerOrigin, outerMarks, activationStarted, openToFcpMs };
}

/** The remote extension host's log (user-data/logs/<session>/exthost1/remoteexthost.log), "" before it exists. */
function extensionHostLog(run: UiRun): string {
  const logs = join(run.server.userDataDir, "logs");
  return safeReaddir(logs)
    .map((session) => {
      try {
        return readFileSync(join(logs, session, "exthost1/remoteexthost.log"), "utf8");
      } catch {
        return "";
      }
    })
    .join("\n");
}

/**
 * VS Code's own activation figure, as "Developer: Show Running Extensions" shows it ("Activation:
 * N ms" = code loading + the activate() call). The exthost log only names the activation event.
 */
async function activationTime(page: Page): Promise<{ total: number; text: string } | undefined> {
  await runCommand(page, "Developer: Show Running Extensions");
  const row = page.locator(".runtime-extensions-editor .monaco-list-row", { hasText: "ACP Panel" }).first();
  // The list is virtualised and sorted slowest first: a fast extension is at the bottom, so scroll.
  const list = page.locator(".runtime-extensions-editor .monaco-list").first();
  await list.waitFor({ timeout: 30_000 });
  for (let i = 0; i < 40 && !(await row.isVisible()); i++) {
    await list.hover();
    await page.mouse.wheel(0, 400);
    await sleep(100);
  }
  await row.waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
    mkdirSync(resultsDir, { recursive: true });
    await page.screenshot({ path: join(resultsDir, "bench-running-extensions-failure.png") }).catch(() => undefined);
    throw error;
  });
  let text = "";
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    text =
      (await row
        .locator(".activation-time")
        .first()
        .textContent()
        .catch(() => "")) ?? "";
    if (/\d/.test(text)) break;
    await sleep(200);
  }
  const total = /(\d+(?:\.\d+)?)\s*ms/.exec(text)?.[1];
  return total === undefined ? undefined : { total: Number(total), text: text.trim() };
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

/** Runs a palette command that opens a quick pick, and returns the row with `label` (not clicked). */
async function pickInPalette(page: Page, command: string, label: string) {
  await runCommand(page, command);
  const row = page.locator(".quick-input-widget .monaco-list-row", { hasText: label }).first();
  await row.waitFor({ timeout: 30_000 });
  return row;
}

function byAttribution(tasks: BenchRecord["longTasks"]): Record<string, { count: number; longest: number }> {
  const out: Record<string, { count: number; longest: number }> = {};
  for (const task of tasks) {
    const entry = (out[task.name] ??= { count: 0, longest: 0 });
    entry.count += 1;
    entry.longest = Math.max(entry.longest, Math.round(task.duration));
  }
  return out;
}

/** Where the long animation frames spent their script time: the top 8 by total duration. */
function topScripts(frames: readonly LongFrame[]): Array<{ script: string; totalMs: number; count: number }> {
  const totals = new Map<string, { totalMs: number; count: number }>();
  for (const frame of frames) {
    for (const script of frame.scripts) {
      const key = `${script.invoker} → ${script.fn || "(anonymous)"} @ ${script.url}:${script.position}`;
      const entry = totals.get(key) ?? { totalMs: 0, count: 0 };
      entry.totalMs += script.duration;
      entry.count += 1;
      totals.set(key, entry);
    }
  }
  return [...totals]
    .map(([script, v]) => ({ script, totalMs: Math.round(v.totalMs), count: v.count }))
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, 8);
}
