/**
 * What a tab switch and a conversation's arrival do in one task. The composer's toolbar stays
 * mounted across tabs (only the draft is keyed by the tab), so the config pickers are not built
 * again at each switch; and a conversation's first rows render after the update that brought them
 * (useDeferredFirstRows.ts), not in the same task as the header and the pickers.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import type { ConfigOption } from "../../src/shared/thread/sessionUpdate";
import type { ThreadEntry } from "../../src/shared/thread/thread";
import type { PanelState } from "../../src/shared/wire/panelState";
import { tabsState } from "./featureFixture";
import { agentEntry, readyState, userEntry } from "./fixtures";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";

const modelOption = (model: string): ConfigOption[] => [
  {
    type: "select",
    id: "model",
    name: "Model",
    category: "model",
    currentValue: model,
    options: [
      { value: "small", name: "Small" },
      { value: "large", name: "Large" },
      { value: "huge", name: "Huge" },
    ],
  },
];

function withOptions(state: PanelState, model: string): PanelState {
  return { ...state, thread: { ...state.thread, configOptions: modelOption(model) } };
}

function conversation(exchanges: number): ThreadEntry[] {
  return Array.from({ length: exchanges }, (_, at) => [
    userEntry(`u${at}`, `Question ${at}`),
    agentEntry(`a${at}`, { kind: "message", text: `Answer ${at}: **bold** and \`code\`.` }),
  ]).flat();
}

interface Batch {
  readonly picker: boolean;
  readonly rows: number;
  readonly emptyState: boolean;
}

/** Records, at each batch of DOM mutations, whether the picker, rows and the empty state are there. */
async function recordBatches(page: Page): Promise<() => Promise<Batch[]>> {
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
  return () => panelBatches(page);
}

function panelBatches(page: Page): Promise<Batch[]> {
  return page.evaluate(() => (window as unknown as { batches: Batch[] }).batches);
}

describe("webview: a tab switch and a conversation's arrival", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("keeps the config pickers' elements across tabs on the same agent, with each tab's value and draft", () =>
    webview.withPanel(async (panel) => {
      const page = panel.page;
      const model = page.getByRole("combobox", { name: "Model" });
      await panel.snapshot(0, withOptions(readyState(conversation(1)), "large"));
      await panel.send(tabsState("tab-1"));
      await eventually(async () => assert.equal(await model.count(), 1));
      await panel.prompt.fill("draft of tab 1");
      await model.evaluate((element) => {
        ((element.getRootNode() as ShadowRoot).host as HTMLElement & { keptMark?: string }).keptMark = "tab-1's select";
      });

      await panel.snapshot(10, withOptions(readyState(conversation(2)), "huge"));
      await panel.send(tabsState("tab-2"));
      await eventually(async () => assert.equal(await panel.prompt.inputValue(), ""));
      await eventually(async () =>
        assert.equal(
          await model.evaluate(
            (element) => ((element.getRootNode() as ShadowRoot).host as HTMLElement & { value: string }).value,
          ),
          "huge",
        ),
      );
      assert.equal(
        await model.evaluate(
          (element) => ((element.getRootNode() as ShadowRoot).host as HTMLElement & { keptMark?: string }).keptMark,
        ),
        "tab-1's select",
        "the same select, given tab 2's value",
      );

      await panel.snapshot(20, withOptions(readyState(conversation(1)), "large"));
      await panel.send(tabsState("tab-1"));
      await eventually(async () => assert.equal(await panel.prompt.inputValue(), "draft of tab 1"));
      await eventually(async () =>
        assert.equal(
          await model.evaluate(
            (element) => ((element.getRootNode() as ShadowRoot).host as HTMLElement & { value: string }).value,
          ),
          "large",
        ),
      );
      // Send still sends the active tab's draft.
      await page.getByRole("button", { name: "Send" }).click();
      const [sent] = await panel.waitForSentOfType("prompt/send");
      assert.equal(sent?.text, "draft of tab 1");
      await panel.assertHealthy();
    }));

  it("renders a conversation's first rows after the update that brought the pickers, with no empty state meanwhile", () =>
    webview.withPanel(async (panel) => {
      const page = panel.page;
      await panel.snapshot(0, readyState());
      await panel.send(tabsState("tab-1"));
      await eventually(async () => assert.equal(await page.locator(".empty-state").count(), 1));
      await settle(page);
      const batches = await recordBatches(page);

      // A tab switched to: its conversation and its options in one snapshot.
      await panel.snapshot(10, withOptions(readyState(conversation(6)), "large"));
      await panel.send(tabsState("tab-2"));
      await eventually(async () => assert.equal((await panel.transcript.getByRole("article").count()) > 0, true));
      await settle(page);
      const seen = await batches();
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

  it("renders the rows with the update while a turn runs (a background render would restart at every batch)", () =>
    webview.withPanel(async (panel) => {
      const page = panel.page;
      await panel.snapshot(0, readyState());
      await panel.send(tabsState("tab-1"));
      await eventually(async () => assert.equal(await page.locator(".empty-state").count(), 1));
      await settle(page);
      const batches = await recordBatches(page);

      const running = readyState(conversation(6), { phase: "running", startedAt: Date.now() });
      await panel.snapshot(10, withOptions(running, "large"));
      await panel.send(tabsState("tab-2"));
      await eventually(async () => assert.equal((await panel.transcript.getByRole("article").count()) > 0, true));
      await settle(page);
      const seen = await batches();
      const firstWithPicker = seen.findIndex((batch) => batch.picker);
      assert.ok((seen[firstWithPicker]?.rows ?? 0) > 0, `rows and picker together (${JSON.stringify(seen)})`);
      await panel.assertHealthy();
    }));
});
