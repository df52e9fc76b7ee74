/**
 * Scripts evaluated inside the webview's inner frame (as source text: the runner's TypeScript
 * transform must not leak helpers into the page). They record into `window.__bench`:
 *   - t* fields: performance.now() of that frame; e* fields: epoch ms (timeOrigin + now), which
 *     the workbench page shares; w* fields: Date.now(), which the fake agent shares.
 *   - long tasks (PerformanceObserver "longtask"); long animation frames with their scripts are
 *     collected in the workbench page (armLongFrames), the only frame they are reported to.
 * "Visible" means: the text is in the DOM (MutationObserver) and a frame has been produced with
 * it (a task after that frame's paint): the next frame (requestAnimationFrame, then a task) when
 * the text came in a task between frames; the current one when it came during a frame's
 * animation callbacks, which that frame's paint follows.
 */
import type { Frame } from "playwright-core";

export interface LongTask {
  readonly start: number;
  readonly duration: number;
  /** Attribution: "self", "same-origin-ancestor" (the workbench), … */
  readonly name: string;
}

export interface AnimationFrameScript {
  readonly duration: number;
  readonly invoker: string;
  readonly fn: string;
  readonly url: string;
  readonly position: number;
}

export interface LongFrame {
  readonly start: number;
  readonly duration: number;
  readonly blocking: number;
  readonly render: number;
  readonly scripts: readonly AnimationFrameScript[];
}

export interface Mark {
  /** In the DOM. */
  readonly tDom: number;
  /** "reply": the marker itself never reached the DOM; the first reply text shown stands for it. */
  readonly via?: "reply";
  /** Put in the DOM during a frame's animation callbacks: painted by that frame. */
  readonly inFrame?: boolean;
  /** Painted (a task after the frame that drew it). */
  readonly tPaint?: number;
  readonly ePaint?: number;
  readonly wPaint?: number;
}

export interface BenchRecord {
  /** The frame's performance.timeOrigin (epoch ms): t + timeOrigin = e. */
  readonly timeOrigin: number;
  readonly tArmed: number;
  readonly tSend?: number;
  readonly eSend?: number;
  /** Date.now() at the Send click (the fake agent's clock). */
  readonly wSend?: number;
  readonly marks: Record<string, Mark>;
  /** Host → webview `state/actions` batches after the send (stream probe only). */
  /** Long thread: Date.now() when the last whole-thread state/snapshot reached the webview. */
  readonly wSnapshot?: number;
  /** Long thread: Date.now() when the loaded thread's tail (sent ahead of the whole) reached it. */
  readonly wTail?: number;
  readonly messages?: {
    count: number;
    actions: number;
    tFirst?: number;
    tLast?: number;
    tStart?: number;
    wStart?: number;
    startBatchActions?: number;
    tEnd?: number;
    wEnd?: number;
    /** The first six batches after the send: arrival (ms after it), action count, seq range. */
    early?: Array<{ t: number; actions: number; seq: number; through?: number; types?: string[] }>;
  };
  readonly longTasks: readonly LongTask[];
  readonly longFrames: readonly LongFrame[];
}

/** Shared part: the record, the observers, and mark(name) (DOM time now, paint time a frame later). */
const COMMON = `
  const b = window.__bench = { timeOrigin: performance.timeOrigin, tArmed: performance.now(), marks: {}, longTasks: [] };
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) b.longTasks.push({ start: e.startTime, duration: e.duration, name: e.name }); })
      .observe({ type: "longtask" });
  } catch (e) { b.longTaskError = String(e); }
  // In a frame's animation callbacks (from this probe's own callback, which runs first in the
  // frame, until the next task): text put in the DOM now is painted by this very frame, whereas
  // requestAnimationFrame from here would wait for the next one. The panel renders in those
  // callbacks; the floor's page appends in a message task.
  let inFrame = false;
  const afterFrame = new MessageChannel();
  afterFrame.port1.onmessage = () => { inFrame = false; };
  const frameLoop = () => { inFrame = true; afterFrame.port2.postMessage(0); requestAnimationFrame(frameLoop); };
  requestAnimationFrame(frameLoop);
  const mark = (name) => {
    if (b.marks[name]) return;
    const m = b.marks[name] = { tDom: performance.now(), inFrame };
    const painted = () => setTimeout(() => {
      m.tPaint = performance.now(); m.ePaint = performance.timeOrigin + m.tPaint; m.wPaint = Date.now();
    }, 0);
    if (inFrame) painted(); else requestAnimationFrame(painted);
  };
`;

/**
 * Streaming: stamps the Send click, then marks "first" and "end" when the markers reach the DOM.
 * Only added nodes and changed text are inspected, never the whole transcript.
 */
export async function armStreamProbe(frame: Frame, startMarker: string, endMarker: string): Promise<void> {
  await armLongFrames(frame);
  await frame.evaluate(`(() => {
    ${COMMON}
    const markers = [["first", ${JSON.stringify(startMarker)}], ["end", ${JSON.stringify(endMarker)}]];
    document.addEventListener("click", () => { if (b.tSend === undefined) { b.tSend = performance.now(); b.eSend = performance.timeOrigin + b.tSend; b.wSend = Date.now(); } }, { capture: true });
    // Host → webview traffic: when batches arrive (before any rendering), and how many.
    b.messages = { count: 0, actions: 0, bytes: 0 };
    window.addEventListener("message", (event) => {
      const data = event.data;
      if (!data || data.type !== "state/actions" || b.tSend === undefined) return;
      const m = b.messages;
      m.count += 1;
      m.actions += Array.isArray(data.actions) ? data.actions.length : 0;
      const now = performance.now();
      if (m.tFirst === undefined) { m.tFirst = now; m.wFirst = Date.now(); }
      // The turn's first batches: when each arrived (after the send), how many actions, which seqs.
      if (m.count <= 6) (m.early = m.early || []).push({ t: Math.round(now - b.tSend), actions: m.actions - (m.earlyActions || 0), seq: data.seq, through: data.through, types: Array.isArray(data.actions) ? data.actions.map((a) => a.type + (a.update && a.update.sessionUpdate ? ':' + a.update.sessionUpdate : '')).slice(0, 4) : [] });
      m.earlyActions = m.actions;
      m.tLast = now;
      if (m.tStart === undefined && JSON.stringify(data).includes(markers[0][1])) { m.tStart = now; m.wStart = Date.now(); m.startBatchActions = data.actions.length; }
      if (m.tEnd === undefined && m.tStart !== undefined && JSON.stringify(data).includes(markers[1][1])) { m.tEnd = now; m.wEnd = Date.now(); }
    }, { capture: true });
    const test = (text) => {
      if (!text) return;
      for (const [name, marker] of markers) if (!b.marks[name] && text.includes(marker)) mark(name);
    };
    // A first frame that already holds more than a long message's first segment shows only its
    // tail (the list is pinned to the bottom), so the start marker may never be in the DOM: the
    // first reply text on screen then stands for it (via "reply").
    const reply = "article.entry-assistant";
    const showsReply = (node) => {
      const el = node.nodeType === 1 ? node : node.parentElement;
      const article = el && el.isConnected ? el.closest(reply) || (el.querySelector && el.querySelector(reply)) : null;
      return !!article && (article.textContent || "").trim() !== "";
    };
    // The end marker's block as Markdown, not plain text (a flood's Markdown waits for it to settle).
    const formatted = (node) => {
      if (node.nodeType !== 1 || !b.marks.end || b.marks.formatted) return;
      const blocks = node.matches(".markdown-block") ? [node] : Array.from(node.querySelectorAll(".markdown-block"));
      if (blocks.some((block) => !block.classList.contains("markdown-plain") && (block.textContent || "").includes(markers[1][1]))) mark("formatted");
    };
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === "characterData") test(r.target.data);
        else for (const n of r.addedNodes) { test(n.textContent); formatted(n); }
      }
      if (!b.marks.first && b.messages.tStart !== undefined) {
        for (const r of records) {
          if (r.type === "characterData" ? showsReply(r.target) : Array.from(r.addedNodes).some(showsReply)) {
            mark("first");
            b.marks.first.via = "reply";
            break;
          }
        }
      }
      if (b.marks.first && b.marks.end && b.marks.formatted) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  })()`);
}

/**
 * Long thread: once per frame, checks whether the panel is interactive: the last rendered row
 * holds the end marker, the Prompt box and Send are enabled, and the status says the agent is ready.
 */
export async function armInteractiveProbe(frame: Frame, endMarker: string): Promise<void> {
  await armLongFrames(frame);
  await frame.evaluate(`(() => {
    ${COMMON}
    const marker = ${JSON.stringify(endMarker)};
    // The loaded thread as it arrives, before the webview handles it: first its tail (a snapshot
    // with omittedEntries), then its older entries in state/history slices; wSnapshot is when the
    // oldest slice (start 0), or a whole-thread snapshot, arrived.
    window.addEventListener("message", (event) => {
      if (!event.data) return;
      if (event.data.type === "state/history" && event.data.start === 0) b.wSnapshot = Date.now();
      if (event.data.type !== "state/snapshot") return;
      if (event.data.state.thread.omittedEntries) b.wTail = Date.now();
      else b.wSnapshot = Date.now();
    }, { capture: true });
    const check = () => {
      const rows = document.querySelectorAll('[role="log"] .transcript-row');
      const last = rows[rows.length - 1];
      if (!b.marks.lastEntry && last && (last.textContent || "").includes(marker)) mark("lastEntry");
      const box = document.querySelector('textarea[aria-label="Prompt"], [role="textbox"][aria-label="Prompt"]');
      const status = document.querySelector('[role="status"]');
      const ready = /is ready/.test(status ? status.textContent || "" : "");
      if (!b.marks.ready && ready && b.marks.lastEntry) mark("ready");
      const send = Array.from(document.querySelectorAll("vscode-button")).find((el) => (el.textContent || "").trim() === "Send");
      const canSend = !!send && send.getAttribute("aria-disabled") !== "true";
      if (!b.marks.interactive && b.marks.lastEntry && ready && canSend && box && !box.disabled && !box.readOnly) mark("interactive");
      // The whole thread is in: no "Loading N earlier entries…" line above the rows any more.
      const waiting = Array.from(document.querySelectorAll('[role="log"] p')).some((p) => /earlier entries/.test(p.textContent || ""));
      if (b.marks.interactive && b.wSnapshot && !waiting) { mark("whole"); return; }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })()`);
}

export async function readRecord(frame: Frame): Promise<BenchRecord> {
  const record = (await frame.evaluate("window.__bench")) as Omit<BenchRecord, "longFrames">;
  // Long animation frames are reported to the top-level page only (the webview is a same-origin
  // iframe in the same renderer); their times are converted to the frame's clock.
  const page = frame.page();
  const { origin, frames } = (await page.evaluate(
    "({ origin: performance.timeOrigin, frames: window.__benchLoaf || [] })",
  )) as { origin: number; frames: LongFrame[] };
  const shift = origin - record.timeOrigin;
  return { ...record, longFrames: frames.map((f) => ({ ...f, start: f.start + shift })) };
}

/** Starts collecting long animation frames (with script attribution) in the workbench page. */
export async function armLongFrames(frame: Frame): Promise<void> {
  await frame.page().evaluate(`(() => {
    const frames = window.__benchLoaf = [];
    if (window.__benchLoafObserver) window.__benchLoafObserver.disconnect();
    try {
      const observer = window.__benchLoafObserver = new PerformanceObserver((list) => { for (const e of list.getEntries()) frames.push({
        start: e.startTime, duration: e.duration, blocking: e.blockingDuration, render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
        scripts: (e.scripts || []).map((s) => ({ duration: s.duration, invoker: String(s.invoker || ""), fn: String(s.sourceFunctionName || ""), url: String(s.sourceURL || "").split("/").pop().split("?")[0], position: s.sourceCharPosition })),
      }); });
      observer.observe({ type: "long-animation-frame" });
    } catch (e) { window.__benchLoafError = String(e); }
  })()`);
}

/**
 * Polls (every 100 ms, from the runner: the webview's CSP forbids the eval behind
 * waitForFunction) until mark `name` has been painted. `stuck` is asked on each poll and fails
 * the wait early with its reason (e.g. the turn ended without the marker ever reaching the DOM).
 */
export async function waitForMark(
  frame: Frame,
  name: string,
  timeoutMs: number,
  stuck?: () => Promise<string | undefined>,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const expression = `!!(window.__bench && window.__bench.marks[${JSON.stringify(name)}] && window.__bench.marks[${JSON.stringify(name)}].tPaint !== undefined)`;
  while (!(await frame.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`mark "${name}" not painted within ${timeoutMs} ms`);
    const reason = await stuck?.();
    if (reason) throw new Error(`mark "${name}" not painted: ${reason}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A `stuck` check for waitForMark: true once the status line has said the agent is ready (the
 * turn or the load is over) for `graceMs` (after mark `after` was painted, when given), i.e.
 * everything arrived and the marker still is not in the DOM.
 */
export function turnEndedWithout(
  frame: Frame,
  after: string | undefined,
  graceMs = 5_000,
): () => Promise<string | undefined> {
  let idleSince: number | undefined;
  let sawBusy = false;
  return async () => {
    const started =
      after === undefined ? "true" : `!!(window.__bench && window.__bench.marks[${JSON.stringify(after)}])`;
    const state = (await frame.evaluate(`({ started: ${started},
      status: (document.querySelector('[role="status"]') || {}).textContent || "" })`)) as {
      started: boolean;
      status: string;
    };
    const ready = /is ready/.test(state.status);
    // Without a mark to wait for, the status must first have left "ready" (the new work began).
    if (!ready) sawBusy = true;
    if (!state.started || !ready || (after === undefined && !sawBusy)) {
      idleSince = undefined;
      return undefined;
    }
    idleSince ??= Date.now();
    return Date.now() - idleSince > graceMs
      ? `the turn ended ${graceMs} ms ago ("${state.status}") and the marker is not in the DOM`
      : undefined;
  };
}

export interface ScrollResult {
  readonly frames: number;
  /** Frames whose interval exceeded 1.5 × 16.7 ms. */
  readonly janky: number;
  /** Sum over intervals of (round(interval / 16.7) - 1): vsyncs with no new frame. */
  readonly dropped: number;
  readonly longestFrameMs: number;
  readonly p95FrameMs: number;
  readonly distancePx: number;
  readonly stepPx: number;
  readonly reachedTop: boolean;
  readonly ms: number;
}

/**
 * Scrolls the transcript from the bottom to the top in about `frames` animation frames (a step of
 * scrollHeight / frames per frame; at most 2 × frames steps, as rows measured on the way may grow
 * the thread), and records the intervals between frames.
 */
export async function scrollToTop(frame: Frame, frames: number): Promise<ScrollResult> {
  return (await frame.evaluate(`new Promise((resolve) => {
    const el = document.querySelector('[role="log"]');
    const VSYNC = 1000 / 60;
    el.scrollTop = el.scrollHeight;
    const stepPx = Math.max(1, Math.ceil(el.scrollHeight / ${frames}));
    const deltas = [];
    let steps = 0;
    let distance = 0;
    let last;
    let started;
    const finish = () => {
      const sorted = [...deltas].sort((a, b) => a - b);
      resolve({
        frames: deltas.length,
        janky: deltas.filter((d) => d > 1.5 * VSYNC).length,
        dropped: deltas.reduce((sum, d) => sum + Math.max(0, Math.round(d / VSYNC) - 1), 0),
        longestFrameMs: sorted[sorted.length - 1] || 0,
        p95FrameMs: sorted[Math.floor(sorted.length * 0.95)] || 0,
        distancePx: distance,
        stepPx,
        reachedTop: el.scrollTop <= 0,
        ms: performance.now() - started,
      });
    };
    const step = (t) => {
      deltas.push(t - last);
      last = t;
      if (el.scrollTop <= 0 || steps >= ${2 * frames}) return finish();
      const before = el.scrollTop;
      el.scrollTop = Math.max(0, before - stepPx);
      distance += before - el.scrollTop;
      steps += 1;
      requestAnimationFrame(step);
    };
    requestAnimationFrame((t) => { last = t; started = performance.now(); requestAnimationFrame(step); });
  })`)) as ScrollResult;
}

/** The frame's paint timings (first-paint, first-contentful-paint), relative to its time origin. */
export async function paintTimings(frame: Frame): Promise<{ timeOrigin: number; fp?: number; fcp?: number }> {
  return (await frame.evaluate(`(() => {
    const out = { timeOrigin: performance.timeOrigin };
    for (const e of performance.getEntriesByType("paint")) {
      if (e.name === "first-paint") out.fp = e.startTime;
      if (e.name === "first-contentful-paint") out.fcp = e.startTime;
    }
    return out;
  })()`)) as { timeOrigin: number; fp?: number; fcp?: number };
}

/** Long tasks and long animation frames inside [from, to] (frame time). */
export function window_(record: BenchRecord, from: number, to: number): { tasks: LongTask[]; frames: LongFrame[] } {
  return {
    tasks: record.longTasks.filter((t) => t.start + t.duration >= from && t.start <= to),
    frames: record.longFrames.filter((f) => f.start + f.duration >= from && f.start <= to),
  };
}
