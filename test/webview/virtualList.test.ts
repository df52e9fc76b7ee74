/**
 * The virtualised transcript: a 2,000-entry thread keeps only a window of rows in the DOM, yet
 * every entry can be reached by scrolling, and the reader's place survives new content.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { longThread, messageChunk, readyState, userEntry, RUNNING } from "./fixtures";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { atBottom, shownInLog } from "./transcriptView";

const COUNT = 2_000;

describe("webview virtualised transcript", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("renders far fewer rows than entries, yet scrolls to the first and the last entry", () =>
    webview.withPanel({ state: readyState(longThread(COUNT)) }, async (panel) => {
      const log = panel.transcript;
      const articles = log.getByRole("article");
      const visible = (text: string) => shownInLog(log, text);
      await eventually(async () =>
        assert.equal(await visible(`question ${COUNT - 2}`), true, "opens at the newest entry"),
      );
      const rendered = await articles.count();
      assert.ok(rendered > 0 && rendered < 100, `only a window of rows is in the DOM (${rendered} of ${COUNT})`);

      await log.evaluate((element) => element.scrollTo(0, 0));
      await eventually(async () => assert.equal(await log.getByText("question 0", { exact: true }).count(), 1));
      await eventually(async () => assert.equal(await visible("question 0"), true, "the first entry, in view"));
      assert.ok((await articles.count()) < 100);
      assert.equal(await log.getByText(`question ${COUNT - 2}`, { exact: true }).count(), 0, "the end left the DOM");

      await log.evaluate((element) => element.scrollTo(0, element.scrollHeight / 2));
      // The window follows the scroll on the next frame; until then the old rows are still there.
      await eventually(async () => {
        const middle = Number(((await articles.first().textContent()) ?? "").match(/(?:question|answer) (\d+)/)?.[1]);
        assert.ok(middle > 200 && middle < COUNT - 200, `the middle of the thread (${middle})`);
      });

      // The bottom, even though rows measured on the way change the total height.
      for (let i = 0; i < 4; i++) {
        await log.evaluate((element) => element.scrollTo(0, element.scrollHeight));
        await settle(panel.page);
      }
      await eventually(async () => assert.equal(await visible(`answer ${COUNT - 1}`), true, "the last entry, in view"));
      await eventually(async () => assert.ok(await atBottom(log)));
      await panel.assertHealthy();
    }));

  it("mounts only the rows in view while the reader flings by more than a viewport per frame, and the overscan once the scroll rests", () =>
    webview.withPanel({ state: readyState(longThread(COUNT)) }, async (panel) => {
      const log = panel.transcript;
      await eventually(async () =>
        assert.equal(await log.getByText(`question ${COUNT - 2}`, { exact: true }).count(), 1),
      );
      await settle(panel.page);
      // Rendered rows beyond the viewport, in px, once they cover it again after each jump upward.
      const extents = await log.evaluate(async (element) => {
        const out: Array<{ above: number; below: number }> = [];
        for (let jump = 0; jump < 6; jump++) {
          element.scrollTop = Math.max(0, element.scrollTop - 3 * element.clientHeight);
          for (let f = 0; f < 30; f++) {
            await new Promise((done) => requestAnimationFrame(done));
            const rows = element.querySelectorAll(".transcript-row");
            const view = element.getBoundingClientRect();
            const first = rows[0]?.getBoundingClientRect();
            const last = rows[rows.length - 1]?.getBoundingClientRect();
            if (first && last && first.top <= view.top && last.bottom >= view.bottom) {
              out.push({ above: Math.round(view.top - first.top), below: Math.round(last.bottom - view.bottom) });
              break;
            }
          }
        }
        return out;
      });
      assert.ok(extents.length >= 4, `the rows caught up with the fling (${JSON.stringify(extents)})`);
      // Upward, the overscan would lie above the viewport (below it, rows placed by estimated heights
      // can reach further until they are measured). Most jumps, not all: on a loaded machine React
      // may render a jump only after the frame that already counts as rested.
      const lean = extents.slice(1).filter(({ above }) => above < 500).length;
      assert.ok(lean >= 3, `while flinging, no overscan is mounted: ${JSON.stringify(extents)}`);
      await eventually(async () => {
        const above = await log.evaluate(
          (element) =>
            element.getBoundingClientRect().top -
            (element.querySelector(".transcript-row")?.getBoundingClientRect().top ?? 0),
        );
        assert.ok(above > 600, `at rest, rows above the viewport are mounted again (${Math.round(above)} px)`);
      });
      await panel.assertHealthy();
    }));

  it("shows a long thread's tail at once, then the whole thread without moving the reader", () =>
    webview.withPanel(async (panel) => {
      const whole = longThread(COUNT);
      const tail = readyState(whole.slice(-150));
      await panel.snapshot(0, { ...tail, thread: { ...tail.thread, omittedEntries: COUNT - 150 } });
      const log = panel.transcript;
      const inView = (text: string) => shownInLog(log, text);
      await eventually(async () =>
        assert.equal(await inView(`question ${COUNT - 2}`), true, "the newest entry, at once"),
      );
      const notice = log.getByText("Loading 1,850 earlier entries…", { exact: true });
      await log.evaluate((element) => element.scrollTo(0, 0));
      await eventually(async () =>
        assert.equal(await inView(`question ${COUNT - 150}`), true, "the tail's first entry"),
      );
      assert.equal(await notice.isVisible(), true, "says that older entries are on their way");

      await panel.snapshot(0, readyState(whole));
      await eventually(async () => assert.equal(await notice.count(), 0));
      await settle(panel.page);
      assert.equal(await inView(`question ${COUNT - 150}`), true, "the reader still looks at the same entry");
      await log.evaluate((element) => element.scrollTo(0, 0));
      await eventually(async () => assert.equal(await inView("question 0"), true, "the oldest entry is reachable now"));
      await panel.assertHealthy();
    }));

  it("keeps the reader's place when content arrives, and follows it at the bottom", () =>
    webview.withPanel({ state: readyState(longThread(COUNT), RUNNING) }, async (panel) => {
      const log = panel.transcript;
      await eventually(async () => assert.ok((await log.getByRole("article").count()) > 0));
      await log.evaluate((element) => element.scrollTo(0, element.scrollHeight / 3));
      await settle(panel.page);
      await settle(panel.page);
      // The first user message fully in view is what the reader looks at.
      const question = await log.evaluate((element) => {
        const top = element.getBoundingClientRect().top;
        return (
          [...element.querySelectorAll("article[aria-label='You']")].find((a) => a.getBoundingClientRect().top >= top)
            ?.textContent ?? ""
        );
      });
      assert.match(question, /^question \d+$/);
      const anchor = log.getByText(question, { exact: true });
      const before = await anchor.evaluate((element) => element.getBoundingClientRect().top);

      let seq = 1;
      for (let i = 0; i < 5; i++)
        await panel.actions(seq++, [messageChunk(`new${i}`, `streamed ${i}\n\n${"more ".repeat(80)}`)]);
      await settle(panel.page);
      await settle(panel.page);
      assert.equal(
        await anchor.evaluate((element) => element.getBoundingClientRect().top),
        before,
        "what the reader looks at stays put",
      );

      // Scrolling up brings rows into the DOM whose real heights differ from the estimates; the
      // content must move by exactly the distance scrolled, not jump.
      await log.evaluate((element) => element.scrollBy(0, -600));
      await settle(panel.page);
      await settle(panel.page);
      await settle(panel.page);
      const after = await anchor.evaluate((element) => element.getBoundingClientRect().top);
      assert.ok(Math.abs(after - (before + 600)) <= 1, `moved by the scroll alone (${before} → ${after})`);

      await log.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await settle(panel.page);
      await panel.actions(seq++, [messageChunk("tail", "the very end")]);
      await eventually(async () => assert.equal(await log.getByText("the very end").count(), 1));
      await eventually(async () => assert.ok(await atBottom(log), "follows at the bottom"));
      await panel.assertHealthy();
    }));

  it("windows a streamed 1 MB reply by segments: few blocks in the DOM, rendered as they come near the viewport", () =>
    webview.withPanel({ state: readyState([userEntry("u1", "flood")], RUNNING) }, async (panel) => {
      // 4,000 blocks in 40 batches of 100, as fast as the page takes them.
      const block = (i: number) =>
        i % 5 === 0
          ? "```ts\nconst step" + i + " = " + i + ";\n```"
          : `Paragraph ${i} with **bold ${i}** and \`code${i}\`.`;
      const batches = Array.from({ length: 40 }, (_, b) => ({
        type: "state/actions",
        seq: b * 100 + 1,
        actions: Array.from({ length: 100 }, (_, i) => messageChunk("a1", `${block(b * 100 + i)}\n\n`)),
      }));
      await panel.sendAll(batches);
      const log = panel.transcript;
      await eventually(async () =>
        assert.equal(await log.getByText("Paragraph 3999 with", { exact: false }).count(), 1),
      );
      await eventually(async () =>
        assert.equal(
          await log.getByRole("strong").filter({ hasText: "bold 3999" }).count(),
          1,
          "the newest block is rendered Markdown",
        ),
      );
      const blocksInDom = await log.locator(".markdown-block").count();
      assert.ok(
        blocksInDom < 400,
        `only the segments near the viewport are in the DOM (${blocksInDom} of 4,000 blocks)`,
      );
      assert.equal(
        await log.getByRole("article", { name: "Agent", exact: true }).count(),
        0,
        "the message's first segment left the DOM",
      );

      await log.evaluate((element) => element.scrollTo(0, 0));
      await eventually(async () =>
        assert.equal(
          await log.getByRole("article", { name: "Agent", exact: true }).count(),
          1,
          "the first segment is the message",
        ),
      );
      await eventually(async () =>
        assert.equal(
          await log
            .getByRole("strong")
            .filter({ hasText: /^bold 1$/ })
            .count(),
          1,
          "its blocks render once in view",
        ),
      );
      assert.equal(await log.getByText("Paragraph 3999 with", { exact: false }).count(), 0, "the end left the DOM");
      await panel.assertHealthy();
    }));
});
