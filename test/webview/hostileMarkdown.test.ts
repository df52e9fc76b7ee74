/**
 * Hostile Markdown never takes the panel down (issue 14, item 7). `marked` overflows the stack on
 * a few thousand nested `>` or list markers; the pre-scan (webview/transcript/markdown/markdownLimits.ts) shows such
 * a block as plain text without parsing it, on the eager path (a streamed block rendered in the
 * same task) and on the deferred one (a block that missed the render budget and is upgraded
 * later). Whatever still throws inside one transcript row is caught by that row's error boundary.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { agentEntry, messageChunk, readyState, userEntry, RUNNING } from "./fixtures";
import type { Panel } from "./panel";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";

const LEVELS = 5_000;
const deepQuote = `${">".repeat(LEVELS)} quoted`;
const deepList = `${"- ".repeat(LEVELS)}listed`;

declare global {
  interface Window {
    /** Set when a deferred (not yet rendered) block ever showed the hostile source. */
    __sawDeferred?: boolean;
  }
}

/** The panel is alive: the other entries are there and the Prompt textbox takes input. */
async function assertAlive(panel: Panel): Promise<void> {
  const log = panel.transcript;
  await eventually(async () =>
    assert.equal(await log.getByText("Before the attack").count(), 1, "the entry before still renders"),
  );
  assert.equal(await log.locator("strong", { hasText: "fine" }).count(), 1, "its Markdown is still formatted");
  assert.equal(await log.getByText("after the attack", { exact: true }).count(), 1, "the entry after renders");
  const prompt = panel.prompt;
  await prompt.fill("still typing");
  assert.equal(await prompt.inputValue(), "still typing");
}

/** The hostile block is shown as its plain source with a note, not as nested HTML. */
async function assertShownPlain(panel: Panel, source: string): Promise<void> {
  const log = panel.transcript;
  const plain = log.locator(".markdown-unformatted");
  await eventually(async () => assert.equal(await plain.count(), 1, "one block shown as plain text"), 10_000);
  assert.equal(await plain.locator("pre").textContent(), source);
  assert.match((await plain.getByRole("note").textContent()) ?? "", /plain text/);
  assert.equal(await log.locator("blockquote, ul ul").count(), 0, "no nested HTML was produced");
}

describe("hostile Markdown", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  for (const [name, source] of [
    ["nested quotes", deepQuote],
    ["nested lists", deepList],
  ] as const) {
    it(`${LEVELS.toLocaleString("en-US")} levels of ${name}, streamed (eager render): plain text, the panel lives`, () =>
      webview.withPanel(async (panel) => {
        await panel.snapshot(
          0,
          readyState(
            [
              userEntry("u1", "hi"),
              agentEntry("a0", { kind: "message", text: "Before the attack, all **fine**." }),
              userEntry("u2", "after the attack"),
            ],
            RUNNING,
          ),
        );
        await eventually(async () => assert.equal(await panel.page.locator("strong", { hasText: "fine" }).count(), 1));
        await panel.actions(1, [messageChunk("a1", source)]);
        await assertShownPlain(panel, source);
        await assertAlive(panel);
        await panel.assertHealthy();
      }));

    it(`${LEVELS.toLocaleString("en-US")} levels of ${name}, deferred past the render budget: plain text, the panel lives`, () =>
      webview.withPanel(async (panel) => {
        // Every clock read is 20 ms later than the last, so only the first block checked in a task
        // fits the 10 ms budget (renderBudget.ts): the hostile block, above a trailing paragraph,
        // misses it, waits as a deferred block and is rendered in a later frame.
        await panel.page.evaluate(() => {
          const real = performance.now.bind(performance);
          let skew = 0;
          performance.now = () => real() + (skew += 20);
          new MutationObserver(() => {
            for (const element of document.querySelectorAll(".markdown-plain")) {
              if (element.textContent?.startsWith(">>>>") || element.textContent?.startsWith("- - - -"))
                window.__sawDeferred = true;
            }
          }).observe(document.body, { childList: true, subtree: true, characterData: true });
        });
        await panel.snapshot(
          0,
          readyState([
            userEntry("u1", "hi"),
            agentEntry("a0", { kind: "message", text: "Before the attack, all **fine**." }),
            agentEntry("a1", { kind: "message", text: `${source}\n\nA closing paragraph.` }),
            userEntry("u2", "after the attack"),
          ]),
        );
        await assertShownPlain(panel, source);
        assert.equal(
          await panel.page.evaluate(() => window.__sawDeferred),
          true,
          "the hostile block took the deferred path",
        );
        await eventually(async () =>
          assert.equal(await panel.page.getByRole("log").getByText("A closing paragraph.").count(), 1),
        );
        await assertAlive(panel);
        await panel.assertHealthy();
      }));
  }

  it("a component that throws inside one entry leaves the rest of the panel alive, that entry shown as plain text", () =>
    webview.withPanel(async (panel) => {
      // Whatever the cause (here: the DOM refusing one entry's HTML), a throw while rendering an
      // entry reaches React. Without an error boundary React unmounts the whole panel.
      await panel.page.evaluate(() => {
        const descriptor = Object.getOwnPropertyDescriptor(Element.prototype, "innerHTML");
        if (!descriptor?.set || !descriptor.get) throw new Error("no innerHTML accessor");
        const { get, set } = descriptor;
        Object.defineProperty(Element.prototype, "innerHTML", {
          configurable: true,
          get() {
            return get.call(this);
          },
          set(value: string) {
            if (String(value).includes("EXPLODE")) throw new Error("refused: EXPLODE");
            set.call(this, value);
          },
        });
      });
      await panel.snapshot(
        0,
        readyState([
          userEntry("u1", "hi"),
          agentEntry("a0", { kind: "message", text: "Before the attack, all **fine**." }),
          agentEntry("a1", { kind: "message", text: "This *entry* will EXPLODE when rendered." }),
          userEntry("u2", "after the attack"),
        ]),
      );
      await assertAlive(panel);
      const log = panel.transcript;
      const broken = log.locator(".entry-fallback");
      await eventually(async () => assert.equal(await broken.count(), 1, "the failing entry shows its fallback"));
      assert.equal(
        await broken.locator(".entry-fallback-text").textContent(),
        "This *entry* will EXPLODE when rendered.",
      );
      assert.match((await broken.getByRole("note").textContent()) ?? "", /could not be displayed/);

      // The rest of the panel keeps updating.
      await panel.actions(1, [messageChunk("a2", "A later **reply**.")]);
      await eventually(async () => assert.equal(await log.locator("strong", { hasText: "reply" }).count(), 1));
      await settle(panel.page);
      const unexpected = panel.problems.filter((problem) => !problem.includes("EXPLODE"));
      assert.deepEqual(unexpected, [], "nothing else went wrong");
    }));
});
