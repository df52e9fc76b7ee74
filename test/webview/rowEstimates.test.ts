/**
 * A long thread's first frame mounts what fills the viewport, not rows placed by guesses that were
 * far too small: a flat guess for a reply mounted five 2,000-character replies (about 1,000 px each)
 * in a 630 px view, all rendered, formatted and laid out in the tail's first frame. The guesses come
 * from the text (rowEstimates.ts); here they are held against the heights Chromium lays out.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import { threadTail } from "../../src/shared/thread/threadTail";
import { charsPerLine, estimateRowHeight } from "../../webview/transcript/scroll/rowEstimates";
import { benchMarkdown } from "../fakeAgent/benchScenarios";
import { acpUpdate, readyState, textBlock } from "./fixtures";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";

/** Turns of a prompt, then (a read tool call, a 2,000-character Markdown reply) four times. */
function repliesThread(turns: number): Thread {
  let thread = emptyThread;
  let id = 0;
  const add = (sessionUpdate: string, fields: Record<string, unknown>) => {
    thread = reduceThread(thread, acpUpdate(`e${id++}`, sessionUpdate, fields) as never);
  };
  for (let turn = 0; turn < turns; turn++) {
    add("user_message_chunk", { content: textBlock(`Turn ${turn}: read the next modules and summarise them.`) });
    for (let step = 0; step < 4; step++) {
      const toolCallId = `tool-${turn}-${step}`;
      add("tool_call", { toolCallId, title: `Read src/module${step}.ts`, kind: "read", status: "completed" });
      add("agent_message_chunk", { content: textBlock(benchMarkdown(2_000, (turn * 4 + step) * 3)) });
    }
  }
  return thread;
}

interface MountedRow {
  readonly key: string;
  readonly height: number;
}

/**
 * Arms a recorder of the rows the first commit with rows mounted (its layout effects' renders
 * included: they run before this observer's microtask). Not at the next animation frame: the
 * overscan the list leaves for the next frame (rowRanges.ts) may already be mounted there, first
 * in that frame's callbacks, and on a loaded machine it was (3 runs in 12 at once).
 */
async function recordFirstFrame(page: Page): Promise<void> {
  await page.evaluate(() => {
    const record = window as unknown as { firstFrameRows?: MountedRow[] };
    new MutationObserver((_, observer) => {
      if (document.querySelector(".transcript-row") === null) return;
      observer.disconnect();
      record.firstFrameRows = [...document.querySelectorAll<HTMLElement>(".transcript-row")].map((row) => ({
        key: row.dataset.key ?? "",
        height: row.getBoundingClientRect().height,
      }));
    }).observe(document.body, { childList: true, subtree: true });
  });
}

describe("webview: row height guesses", { timeout: 120_000 }, () => {
  const webview = webviewSuite();
  const thread = repliesThread(15);

  for (const width of [500, 1_000]) {
    it(`mounts a viewport of rows on a long thread's first frame, and fills it (${width} px wide)`, () =>
      webview.withPanel({ viewport: { width, height: 800 } }, async (panel) => {
        await recordFirstFrame(panel.page);
        await panel.snapshot(0, { ...readyState(), thread: threadTail(thread, 60) });
        const firstFrame = () =>
          panel.page.evaluate(() => (window as unknown as { firstFrameRows?: MountedRow[] }).firstFrameRows);
        await eventually(async () => assert.ok(await firstFrame(), "the first frame with rows"));
        const rows = (await firstFrame()) ?? [];
        const view = await panel.transcript.evaluate((element) => element.clientHeight);
        const total = rows.reduce((sum, row) => sum + row.height, 0);
        assert.ok(total >= view, `the rows fill the ${view} px view (${total} px: ${JSON.stringify(rows)})`);
        // Every row but the top one is needed to fill the view and the first frame's 100 px margin.
        const belowTop = total - (rows[0]?.height ?? 0);
        assert.ok(belowTop <= view + 100, `no more than one row beyond the view (${JSON.stringify(rows)})`);
        assert.equal(rows.at(-1)?.key, thread.entries.at(-1)?.id, "the newest entry is among them");
        await panel.assertHealthy();
      }));

    it(`guesses a reply's height within its measured height, and within half of it (${width} px wide)`, () =>
      webview.withPanel({ viewport: { width, height: 800 }, state: { ...readyState(), thread } }, async (panel) => {
        const log = panel.transcript;
        await eventually(async () => assert.ok((await log.locator(".transcript-row").count()) > 0));
        await settle(panel.page);
        const chars = charsPerLine(width);
        const measured = await log.evaluate((element) =>
          [...element.querySelectorAll<HTMLElement>(".transcript-row")].map((row) => ({
            key: row.dataset.key ?? "",
            height: row.getBoundingClientRect().height,
          })),
        );
        const replies = measured.flatMap(({ key, height }) => {
          const entry = thread.entries.find((candidate) => candidate.id === key);
          return entry?.kind === "assistant"
            ? [{ key, height, guess: estimateRowHeight({ kind: "entry", key, entry }, chars) }]
            : [];
        });
        assert.ok(replies.length >= 1, "replies in view");
        for (const reply of replies) {
          assert.ok(reply.guess <= reply.height * 1.05, `errs low: ${JSON.stringify(reply)}`);
          assert.ok(reply.guess >= reply.height * 0.5, `close enough to place rows: ${JSON.stringify(reply)}`);
        }
      }));
  }
});
