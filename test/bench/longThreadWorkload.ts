/**
 * The `long` and `long10k` workloads in real VS Code: session/load of a seeded long thread, then
 * (for `long`) a scroll from bottom to top.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { runCommand } from "../harness/browser";
import { sleep } from "../harness/processes";
import { ENTRIES_PER_TURN, LONG_TITLE, LONG_TURNS, longEndMarker, writeLongThreadState } from "./longThread";
import { armInteractiveProbe, readRecord, scrollToTop, turnEndedWithout, waitForMark } from "./probes";
import { profileDir, startHostProfile, startRendererProfile, stopRendererProfile, traceMainThread } from "./profiling";
import { readAgentEvents } from "./rawBaseline";
import {
  armWorkbenchStamp,
  extensionHostPid,
  heapAfterGcMb,
  innerFrame,
  openReadyChat,
  rssMb,
  sampleRss,
  workbenchStamp,
} from "./ui";
import type { Sample } from "./figures";
import {
  END_TIMEOUT_MS,
  SETTLE_MS,
  byAttribution,
  memorySamples,
  topScripts,
  withUi,
  type WorkloadContext,
  type WorkloadResult,
} from "./uiWorkload";

/** The scripted scroll covers the whole thread in about this many animation frames. */
const SCROLL_FRAMES = 120;

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
        loadLongTaskTimeline: loadTasks.map((task) => ({
          atMs: Math.round(task.start - start),
          ms: Math.round(task.duration),
          by: task.name,
          after: lastMarkBefore(task.start, loaded.marks),
        })),
        loadTopScripts: topScripts(loaded.longFrames.filter((f) => f.start >= start - 5)),
        ...(scroll ? { scrollTopScripts: topScripts(afterScroll.longFrames.slice(loaded.longFrames.length)) } : {}),
      },
    };
  });
}

/** The load's last mark (the tail's last entry shown, interactive, the whole thread) before `at`. */
function lastMarkBefore(at: number, marks: Readonly<Record<string, { tDom: number }>>): string {
  const passed = ["lastEntry", "interactive", "whole"].filter((name) => (marks[name]?.tDom ?? Infinity) <= at);
  return passed.at(-1) ?? "pick";
}

/** Runs a palette command that opens a quick pick, and returns the row with `label` (not clicked). */
async function pickInPalette(page: Page, command: string, label: string) {
  await runCommand(page, command);
  const row = page.locator(".quick-input-widget .monaco-list-row", { hasText: label }).first();
  await row.waitFor({ timeout: 30_000 });
  return row;
}
