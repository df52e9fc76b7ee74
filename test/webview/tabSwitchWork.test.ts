/**
 * What a tab switch and a conversation's arrival do in one task. The composer's toolbar stays
 * mounted across tabs (only the draft is keyed by the tab), so the config pickers are not built
 * again at each switch; and a conversation's first rows render after the update that brought them
 * (useDeferredFirstRows.ts), not in the same task as the header and the pickers.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ThreadEntry } from "../../src/shared/thread/thread";
import type { PanelState } from "../../src/shared/wire/panelState";
import { tabsState } from "./featureFixture";
import { AGENT, agentEntry, modelSelect, readyState, userEntry } from "./fixtures";
import { eventually, settle } from "./harness";
import type { Panel } from "./panel";
import { webviewSuite } from "./webviewSuite";

function withModel(state: PanelState, model: string): PanelState {
  return { ...state, thread: { ...state.thread, configOptions: [modelSelect(model)] } };
}

function conversation(exchanges: number): ThreadEntry[] {
  return Array.from({ length: exchanges }, (_, at) => [
    userEntry(`u${at}`, `Question ${at}`),
    agentEntry(`a${at}`, { kind: "message", text: `Answer ${at}: **bold** and \`code\`.` }),
  ]).flat();
}

/** Tab 1, ready and empty: what each test switches from. */
async function showEmptyTab(panel: Panel): Promise<void> {
  await panel.snapshot(0, readyState());
  await panel.send(tabsState("tab-1"));
  await eventually(async () => assert.equal(await panel.page.locator(".empty-state").count(), 1));
}

interface Batch {
  readonly picker: boolean;
  readonly rows: number;
  readonly emptyState: boolean;
}

/**
 * From an empty tab 1, switches to tab 2 holding `state` (its conversation and options in one
 * snapshot, as the host sends a switch) and returns, for each batch of DOM mutations meanwhile,
 * whether the picker, rows and the empty state were there.
 */
async function switchRecordingBatches(panel: Panel, state: PanelState): Promise<Batch[]> {
  const page = panel.page;
  await showEmptyTab(panel);
  await settle(page);
  await page.evaluate(() => {
    const record = window as unknown as { batches: Batch[] };
    record.batches = [];
    new MutationObserver(() => {
      record.batches.push({
        picker: document.querySelector(".config-pickers vscode-single-select") !== null,
        rows: document.querySelectorAll(".transcript-row").length,
        emptyState: document.querySelector(".empty-state") !== null,
      });
    }).observe(document.body, { childList: true, subtree: true });
  });
  await panel.snapshot(10, state);
  await panel.send(tabsState("tab-2"));
  await eventually(async () => assert.equal((await panel.transcript.getByRole("article").count()) > 0, true));
  await settle(page);
  return page.evaluate(() => (window as unknown as { batches: Batch[] }).batches);
}

describe("webview: a tab switch and a conversation's arrival", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("keeps the config pickers' elements across tabs on the same agent, with each tab's value and draft", () =>
    webview.withPanel(async (panel) => {
      const page = panel.page;
      // The combobox role sits inside the select's shadow root; the value and the mark are the element's.
      const select = page.locator(".config-pickers vscode-single-select");
      const selectValue = () => select.evaluate((element) => (element as HTMLElement & { value: string }).value);
      await panel.snapshot(0, withModel(readyState(conversation(1)), "large"));
      await panel.send(tabsState("tab-1"));
      await eventually(async () => assert.equal(await page.getByRole("combobox", { name: "Model" }).count(), 1));
      await panel.prompt.fill("draft of tab 1");
      await select.evaluate((element) => {
        (element as HTMLElement & { keptMark?: string }).keptMark = "tab-1's select";
      });

      await panel.snapshot(10, withModel(readyState(conversation(2)), "huge"));
      await panel.send(tabsState("tab-2"));
      await eventually(async () => assert.equal(await panel.prompt.inputValue(), ""));
      await eventually(async () => assert.equal(await selectValue(), "huge"));
      assert.equal(
        await select.evaluate((element) => (element as HTMLElement & { keptMark?: string }).keptMark),
        "tab-1's select",
        "the same select, given tab 2's value",
      );

      await panel.snapshot(20, withModel(readyState(conversation(1)), "large"));
      await panel.send(tabsState("tab-1"));
      await eventually(async () => assert.equal(await panel.prompt.inputValue(), "draft of tab 1"));
      await eventually(async () => assert.equal(await selectValue(), "large"));
      // Send still sends the active tab's draft.
      await page.getByRole("button", { name: "Send" }).click();
      const [sent] = await panel.waitForSentOfType("prompt/send");
      assert.equal(sent?.text, "draft of tab 1");
      await panel.assertHealthy();
    }));

  it("renders a conversation's first rows after the update that brought the pickers, with no empty state meanwhile", () =>
    webview.withPanel(async (panel) => {
      const seen = await switchRecordingBatches(panel, withModel(readyState(conversation(6)), "large"));
      const firstWithPicker = seen.findIndex((batch) => batch.picker);
      assert.ok(firstWithPicker >= 0, "the picker came");
      assert.equal(seen[firstWithPicker]?.rows, 0, `the rows come after the picker (${JSON.stringify(seen)})`);
      assert.ok(
        seen.some((batch) => batch.rows > 0),
        "the rows came",
      );
      const emptyAgain = seen.findIndex((batch) => batch.emptyState && batch.picker);
      assert.equal(emptyAgain, -1, `no empty state while the rows wait (${JSON.stringify(seen)})`);
      await panel.assertHealthy();
    }));

  it("never takes rows back: a turn that ends before the background render caught up keeps them shown", () =>
    webview.withPanel(async (panel) => {
      const page = panel.page;
      await showEmptyTab(panel);
      await settle(page);
      // A slow machine: the background render of the rows takes several slices, with frames between.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
      try {
        // The turn ends in the first frame after the rows came with the running turn (a long reply's
        // last batch): the rows were rendered at once, and the background render has not caught up.
        await page.evaluate(`(() => {
          window.rowCounts = [];
          let ended = false;
          new MutationObserver(() => {
            const rows = document.querySelectorAll(".transcript-row").length;
            window.rowCounts.push(rows);
            if (rows > 0 && !ended) {
              ended = true;
              window.postMessage({ type: "state/actions", seq: 11, actions: [{ type: "turn/ended", stopReason: "end_turn" }] }, "*");
            }
          }).observe(document.body, { childList: true, subtree: true });
        })()`);
        const running = readyState(conversation(12), { phase: "running", startedAt: Date.now() });
        await panel.snapshot(10, withModel(running, "large"));
        await panel.send(tabsState("tab-2"));
        await eventually(async () => assert.equal(await page.getByRole("status").textContent(), `${AGENT} is ready`));
        await settle(page);
      } finally {
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      }
      const counts = await page.evaluate(() => (window as unknown as { rowCounts: number[] }).rowCounts);
      const shown = counts.findIndex((rows) => rows > 0);
      assert.ok(shown >= 0, "the rows came");
      assert.deepEqual(
        counts.slice(shown).filter((rows) => rows === 0),
        [],
        `once shown, the rows stay (${JSON.stringify(counts)})`,
      );
      await panel.assertHealthy();
    }));

  it("never takes rows back when the tab's key arrives after its rows were shown (the transcript is built anew for it)", () =>
    webview.withPanel(async (panel) => {
      const page = panel.page;
      await showEmptyTab(panel);
      // The switched-to tab's rows come during its turn, which then ends; its key comes last (a
      // loaded machine handled the host's messages in that order in a fresh clone's run).
      const running = readyState(conversation(12), { phase: "running", startedAt: Date.now() });
      await panel.snapshot(10, withModel(running, "large"));
      await eventually(async () => assert.ok((await page.locator(".transcript-row").count()) > 0));
      await panel.actions(11, [{ type: "turn/ended", stopReason: "end_turn" }]);
      await eventually(async () => assert.equal(await page.getByRole("status").textContent(), `${AGENT} is ready`));
      await settle(page);
      await page.evaluate(() => {
        const record = window as unknown as { rowCounts: number[] };
        record.rowCounts = [];
        new MutationObserver(() => record.rowCounts.push(document.querySelectorAll(".transcript-row").length)).observe(
          document.body,
          { childList: true, subtree: true },
        );
      });
      await panel.send(tabsState("tab-2"));
      await eventually(async () => {
        const counts = await page.evaluate(() => (window as unknown as { rowCounts: number[] }).rowCounts);
        assert.ok(counts.length > 0 && counts.at(-1)! > 0, "the transcript built for tab-2, with its rows");
      });
      await settle(page);
      const counts = await page.evaluate(() => (window as unknown as { rowCounts: number[] }).rowCounts);
      assert.deepEqual(
        counts.filter((rows) => rows === 0),
        [],
        `the rows stay while the transcript is built for the tab's key (${JSON.stringify(counts)})`,
      );
      await panel.assertHealthy();
    }));

  it("renders the rows with the update while a turn runs (a background render would restart at every batch)", () =>
    webview.withPanel(async (panel) => {
      const running = readyState(conversation(6), { phase: "running", startedAt: Date.now() });
      const seen = await switchRecordingBatches(panel, withModel(running, "large"));
      const firstWithPicker = seen.findIndex((batch) => batch.picker);
      assert.ok((seen[firstWithPicker]?.rows ?? 0) > 0, `rows and picker together (${JSON.stringify(seen)})`);
      await panel.assertHealthy();
    }));
});
