/**
 * "Files changed": the review section above the composer, its rows (short path, line counts,
 * new file, state) and the messages its buttons post; Undo unavailable when the previous content
 * is unknown; collapsing; Keep all / Undo all; Review all; the checkpoint review's rows (a change
 * not by the agent, a binary file, the host's reason when Undo can't be done).
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PanelAction } from "../../src/shared/wire/panelState";
import { fold } from "./fullFixture";
import { ROOT, checkpointReviewActions } from "./checkpointFixture";
import { changesActions, readyActions } from "./featureFixture";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";

const PARSE = "/home/ada/work/parser/src/parser/parse.ts";
const TEST = "/home/ada/work/parser/test/parser.test.ts";
const LOCK = "/home/ada/work/parser/package-lock.json";

describe("webview files changed", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  /** The panel during a turn that made `changes`. */
  const duringTurn = (...changes: PanelAction[]) =>
    fold([...readyActions, { type: "turn/started", entryId: "u1", text: "refactor", at: 1 }, ...changes]);
  /** The panel once that turn has ended. */
  const afterTurn = (...changes: PanelAction[]) =>
    duringTurn(...changes, { type: "turn/ended", stopReason: "end_turn" });

  it("lists each changed file with its counts and state, above the composer", () =>
    webview.withPanel({ state: afterTurn() }, async (panel) => {
      const region = panel.page.getByRole("region", { name: "Files changed" });
      await eventually(async () =>
        assert.equal(await panel.page.getByRole("status").textContent(), "Echo Agent is ready"),
      );
      assert.equal(await region.count(), 0, "nothing changed: no section");

      await panel.actions(1, changesActions());
      await panel.expandPanel("Files changed");
      const rows = region.getByRole("listitem");
      await eventually(async () => assert.equal(await rows.count(), 4));
      assert.deepEqual(
        await rows.evaluateAll((items) =>
          items.map((item) => [".change-name", ".change-folder"].map((s) => item.querySelector(s)?.textContent ?? "")),
        ),
        [
          ["parse.ts", "src/parser"],
          ["parser.test.ts", "test"],
          ["package-lock.json", ""],
          ["CHANGELOG.md", ""],
        ],
      );
      assert.deepEqual(
        await rows.evaluateAll((items) => items.map((item) => item.querySelector(".change-stats")?.textContent)),
        ["+48 −31", "+120 −0", "+3 −1", "+2 −0"],
      );
      assert.equal(await rows.nth(0).getByTitle(PARSE).count(), 1, "the full path is in the tooltip");
      assert.equal(await rows.nth(1).getByText("new file").count(), 1);
      assert.equal(await rows.nth(0).getByText("new file").count(), 0);
      assert.match(
        (await region.getByRole("button", { name: /^Files changed/ }).textContent()) ?? "",
        /4 files \+173 −32/,
      );
      assert.equal(
        await rows
          .nth(3)
          .getByRole("button", { name: /^(Keep|Undo)/ })
          .count(),
        0,
        "a kept file shows its state instead",
      );
      assert.match((await rows.nth(3).textContent()) ?? "", /Kept$/);

      const regionTop = await region.evaluate((element) => element.getBoundingClientRect().top);
      const promptTop = await panel.prompt.evaluate((element) => element.getBoundingClientRect().top);
      assert.ok(regionTop < promptTop, "above the composer");
      const logBottom = await panel.page.getByRole("log").evaluate((element) => element.getBoundingClientRect().bottom);
      assert.ok(logBottom <= regionTop, "below the transcript");
      await panel.assertHealthy();
    }));

  it("posts review/diff, review/keep and review/undo; Undo is unavailable, with the reason, when it cannot work", () =>
    webview.withPanel({ state: afterTurn(...changesActions()) }, async (panel) => {
      const region = panel.page.getByRole("region", { name: "Files changed" });
      await panel.expandPanel("Files changed");
      await eventually(async () => assert.equal(await region.getByRole("listitem").count(), 4));

      await region.getByRole("button", { name: "Open diff src/parser/parse.ts" }).click();
      await region.getByRole("button", { name: "Keep test/parser.test.ts" }).click();
      await region.getByRole("button", { name: "Undo src/parser/parse.ts" }).click();
      await panel.waitForSent("review/undo");
      assert.deepEqual(
        (await panel.sent()).filter((m) => m.type.startsWith("review/")),
        [
          { type: "review/diff", path: PARSE },
          { type: "review/keep", path: TEST },
          { type: "review/undo", path: PARSE },
        ],
      );

      const lockUndo = region.getByRole("button", { name: "Undo package-lock.json" });
      assert.equal(await lockUndo.isDisabled(), true);
      assert.match((await lockUndo.getAttribute("title")) ?? "", /^Cannot undo: .*previous content is unknown/);
      await lockUndo.click({ force: true });
      await lockUndo.press("Enter");
      await settle(panel.page);
      assert.equal((await panel.sentOfType("review/undo")).length, 1, "an unavailable Undo posts nothing");

      // The host resolves them; the rows show their state.
      await panel.actions(1, [
        { type: "review/resolved", path: TEST, state: "kept" },
        { type: "review/resolved", path: PARSE, state: "undone" },
      ]);
      const row = (index: number) => region.getByRole("listitem").nth(index);
      await eventually(async () => assert.match((await row(0).textContent()) ?? "", /Undone$/));
      assert.match((await row(1).textContent()) ?? "", /Kept$/);
      assert.equal(
        await row(0)
          .getByRole("button", { name: /^Open diff/ })
          .count(),
        1,
        "the diff stays available",
      );
      // An Undo can be taken back; a Keep has nothing to take back.
      assert.equal(await row(1).getByRole("button", { name: /^Redo/ }).count(), 0);
      await row(0).getByRole("button", { name: "Redo src/parser/parse.ts" }).click();
      assert.deepEqual(await panel.waitForSentOfType("review/redo"), [{ type: "review/redo", path: PARSE }]);

      // A new turn drops the resolved files and keeps the pending one.
      await panel.actions(3, [{ type: "turn/started", entryId: "u2", text: "again", at: 2 }]);
      await eventually(async () => assert.equal(await region.getByRole("listitem").count(), 1));
      assert.equal(await region.getByTitle(LOCK).count(), 1);
      await panel.assertHealthy();
    }));

  it("a double click on Undo is one Undo: its second click does not take it back on the Redo that took Undo's place", () =>
    webview.withPanel({ state: afterTurn(...changesActions()) }, async (panel) => {
      const region = panel.page.getByRole("region", { name: "Files changed" });
      await panel.expandPanel("Files changed");
      const undo = region.getByRole("button", { name: "Undo src/parser/parse.ts" });
      const redo = region.getByRole("button", { name: "Redo src/parser/parse.ts" });
      await undo.waitFor();
      const box = await undo.boundingBox();
      assert.ok(box);
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      /** A double click's second click (the browser counts it: `detail` 2), at the same place. */
      const secondClick = async () => {
        await panel.page.mouse.move(x, y);
        await panel.page.mouse.down({ clickCount: 2 });
        await panel.page.mouse.up({ clickCount: 2 });
      };
      // The first click; the host is quick to answer, and the row shows Redo before the second click.
      await panel.page.mouse.click(x, y);
      await panel.waitForSent("review/undo");
      await panel.actions(1, [{ type: "review/resolved", path: PARSE, state: "undone" }]);
      await redo.waitFor();
      const redoBox = await redo.boundingBox();
      assert.ok(
        redoBox && Math.abs(redoBox.x - box.x) < 1 && Math.abs(redoBox.y - box.y) < 1,
        "Redo is where Undo was",
      );
      await secondClick(); // the double click's second click
      await settle(panel.page);
      assert.deepEqual(await panel.sentOfType("review/redo"), [], "the second click of a double click redoes nothing");

      // A click of its own, or the keyboard, does.
      await panel.page.mouse.click(x, y);
      assert.deepEqual(await panel.waitForSentOfType("review/redo"), [{ type: "review/redo", path: PARSE }]);
      await panel.actions(2, [changesActions()[0]!]);
      await undo.waitFor();
      await secondClick();
      await settle(panel.page);
      assert.equal(
        (await panel.sentOfType("review/undo")).length,
        1,
        "nor does one land on the Undo that took Redo's place",
      );
      await undo.press("Enter");
      await eventually(async () => assert.equal((await panel.sentOfType("review/undo")).length, 2));
    }));

  it("collapses, and offers Keep all and Undo all for the pending files", () =>
    webview.withPanel({ state: afterTurn(...changesActions()) }, async (panel) => {
      const region = panel.page.getByRole("region", { name: "Files changed" });
      const toggle = region.getByRole("button", { name: /^Files changed/ });
      await toggle.press("Enter");
      await eventually(async () => assert.equal(await region.getByRole("listitem").count(), 4));
      assert.equal(await toggle.getAttribute("aria-expanded"), "true");
      await toggle.press("Enter");
      await eventually(async () => assert.equal(await region.getByRole("listitem").count(), 0));
      assert.equal(await toggle.getAttribute("aria-expanded"), "false");
      // Collapsed, the summary row keeps the actions on all files.

      await region.getByRole("button", { name: "Keep all" }).click();
      await panel.waitForSent("review/keep", 3);
      assert.deepEqual(
        (await panel.sentOfType("review/keep")).map((m) => m.path),
        [PARSE, TEST, LOCK],
      );
      await region.getByRole("button", { name: "Undo all" }).click();
      await panel.waitForSent("review/undo", 2);
      assert.deepEqual(
        (await panel.sentOfType("review/undo")).map((m) => m.path),
        [PARSE, TEST],
        "only the files that can be undone",
      );

      await toggle.click();
      await eventually(async () => assert.equal(await region.getByRole("listitem").count(), 4));
      await panel.assertHealthy();
    }));

  it("posts review/all; a change not by the agent has no Undo, a binary file no line counts, and Undo says why it can't", () =>
    webview.withPanel({ state: afterTurn(...checkpointReviewActions()) }, async (panel) => {
      const region = panel.page.getByRole("region", { name: "Files changed" });
      const rows = region.getByRole("listitem");
      await panel.expandPanel("Files changed");
      await eventually(async () => assert.equal(await rows.count(), 4));

      await region.getByRole("button", { name: "Review all" }).click();
      assert.deepEqual(await panel.waitForSentOfType("review/all"), [{ type: "review/all" }]);

      const user = rows.nth(1);
      const badge = user.getByText("not by the agent", { exact: true });
      assert.equal(await badge.getAttribute("title"), "Changed during the turn, not by the agent");
      assert.equal(await user.getByRole("button", { name: /^Undo/ }).count(), 0, "never undone");
      await user.getByRole("button", { name: "Keep notes.md" }).click();
      await panel.waitForSent("review/keep");
      assert.deepEqual(
        (await panel.sentOfType("review/keep")).map((m) => m.path),
        [`${ROOT}/notes.md`],
        "Keep dismisses it",
      );
      assert.equal(await rows.nth(0).getByText("not by the agent").count(), 0);

      const binary = rows.nth(2);
      assert.equal(await binary.locator(".change-stats").count(), 0, "no line counts");
      assert.equal(await binary.getByText("binary", { exact: true }).count(), 1);
      assert.equal(
        await binary.getByRole("button", { name: "Undo assets/logo.png" }).getAttribute("aria-disabled"),
        null,
      );

      const ignored = region.getByRole("button", { name: "Undo dist/bundle.js" });
      assert.equal(await ignored.getAttribute("aria-disabled"), "true");
      assert.equal(
        await ignored.getAttribute("title"),
        "Not restorable: dist/ is ignored by .gitignore, so it is not in the checkpoint",
      );

      await region.getByRole("button", { name: "Undo all" }).click();
      await panel.waitForSent("review/undo", 2);
      await settle(panel.page);
      assert.deepEqual(
        (await panel.sentOfType("review/undo")).map((m) => m.path),
        [`${ROOT}/src/parser/parse.ts`, `${ROOT}/assets/logo.png`],
        "only the agent's undoable rows",
      );
      await panel.assertHealthy();
    }));

  it("offers Review all for a single change too", () =>
    webview.withPanel({ state: duringTurn(...checkpointReviewActions().slice(0, 1)) }, async (panel) => {
      const region = panel.page.getByRole("region", { name: "Files changed" });
      await panel.expandPanel("Files changed");
      await eventually(async () => assert.equal(await region.getByRole("listitem").count(), 1));
      assert.equal(await region.getByRole("button", { name: "Review all" }).count(), 1);
      assert.equal(await region.getByRole("button", { name: "Keep all" }).count(), 0);
      await panel.assertHealthy();
    }));

  it("at 300 px: paths relative to the workspace, file name first and never cut off, folder dimmed; a claimed edit that changed nothing is marked", () =>
    webview.withPanel({ viewport: { width: 300, height: 700 } }, async (panel) => {
      const root = "/home/ada/work/parser";
      const long = `${root}/src/parser/grammar/expressions/binaryOperatorPrecedence.generated.ts`;
      await panel.send({ type: "workspace/roots", roots: [root] });
      await panel.snapshot(
        0,
        afterTurn(
          { type: "review/recorded", path: long, additions: 2, deletions: 1, created: false, undoable: true },
          {
            type: "review/recorded",
            path: `${root}/README.md`,
            additions: 0,
            deletions: 0,
            created: false,
            undoable: true,
          },
        ),
      );
      const region = panel.page.getByRole("region", { name: "Files changed" });
      const toggle = region.getByRole("button", { name: /^Files changed/ });
      await panel.expandPanel("Files changed");
      const rows = region.getByRole("listitem");
      await eventually(async () => assert.equal(await rows.count(), 2));
      const first = rows.nth(0);
      assert.equal(await first.locator(".change-name").textContent(), "binaryOperatorPrecedence.generated.ts");
      assert.equal(await first.locator(".change-folder").textContent(), "src/parser/grammar/expressions");
      const [nameBox, folderBox] = await Promise.all(
        [".change-name", ".change-folder"].map((selector) =>
          first.locator(selector).evaluate((element) => ({
            left: element.getBoundingClientRect().left,
            cut: element.scrollWidth > element.clientWidth + 1,
            right: element.getBoundingClientRect().right,
            colour: getComputedStyle(element).color,
          })),
        ),
      );
      assert.ok(nameBox && folderBox);
      assert.ok(nameBox.left < folderBox.left || nameBox.right <= folderBox.left + 1, "the name comes first");
      assert.equal(nameBox.cut, false, "the file name is never cut off");
      assert.ok(nameBox.right <= 300, "the name stays in the panel");
      assert.notEqual(nameBox.colour, folderBox.colour, "the folder is dimmed");
      assert.equal(
        await first.getByRole("button", { name: /^Undo src\/parser/ }).count(),
        1,
        "buttons name the relative path",
      );
      // The agent said it edited README.md, but the file on disk is as it was.
      const unchanged = rows.nth(1);
      assert.equal(await unchanged.getByText("no change on disk", { exact: true }).count(), 1);
      assert.equal(await unchanged.locator(".change-stats").count(), 0, "no +0 −0");
      assert.match((await toggle.textContent()) ?? "", /1 file \+2 −1/, "counted as no file changed");
      await panel.assertHealthy();
    }));
});
