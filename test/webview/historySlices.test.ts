/**
 * A long thread's older entries arrive after its tail as `state/history` slices (threadHistory.ts):
 * each is prepended without moving the reader, the notice counts down, every slice is
 * acknowledged with where the held thread now starts, and the oldest entry is reachable at the end.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { historySlice } from "../../src/shared/thread/threadHistory";
import { threadTail } from "../../src/shared/thread/threadTail";
import { longThread, messageChunk, readyState } from "./fixtures";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { shownInLog } from "./transcriptView";

const COUNT = 1_200;
const TAIL = 100;
const SLICE = 250;

describe("webview: a long thread's history in slices", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("prepends each slice where the reader does not lose their place, and acknowledges it", () =>
    webview.withPanel(async (panel) => {
      const whole = readyState(longThread(COUNT));
      await panel.snapshot(0, { ...whole, thread: threadTail(whole.thread, TAIL) });
      const log = panel.transcript;
      const inView = (text: string) => shownInLog(log, text);
      await eventually(async () => assert.equal(await inView(`question ${COUNT - 2}`), true, "the newest entry"));
      // The reader goes to the top of the tail, where older entries will appear above.
      await log.evaluate((element) => element.scrollTo(0, 0));
      await eventually(async () => assert.equal(await inView(`question ${COUNT - TAIL}`), true));
      // A reply streams on meanwhile (seq 1, on top of the tail).
      await panel.actions(1, [messageChunk("streaming", "still typing")]);

      let held = COUNT - TAIL;
      while (held > 0) {
        const start = Math.max(0, held - SLICE);
        await panel.send({ type: "state/history", ...historySlice(whole.thread, start, held) });
        await eventually(async () => {
          const acks = await panel.sentOfType("state/ack");
          assert.ok(
            acks.some((ack) => ack.history === start),
            `the slice from ${start} is acknowledged: ${JSON.stringify(acks.slice(-3))}`,
          );
        });
        held = start;
        if (held > 0)
          await eventually(async () =>
            assert.equal(
              await log.getByText(`Loading ${held.toLocaleString("en-US")} earlier entries…`, { exact: true }).count(),
              1,
            ),
          );
        await settle(panel.page);
        assert.equal(await inView(`question ${COUNT - TAIL}`), true, `the reader's entry stays in view (held ${held})`);
      }
      await eventually(async () => assert.equal(await log.getByText(/earlier entries…/).count(), 0));
      await log.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await eventually(async () =>
        assert.equal(await log.getByText("still typing").count(), 1, "the streamed reply is still there, once"),
      );
      await log.evaluate((element) => element.scrollTo(0, 0));
      await eventually(async () => assert.equal(await inView("question 0"), true, "the oldest entry is reachable"));
      await panel.assertHealthy();
    }));
});
