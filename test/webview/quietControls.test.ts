/**
 * The header's agent picker, the config pickers and Follow agent re-render (and the select lays the
 * whole page out) only when what they show changed: a render of their parents for another reason
 * (the session's title, config options equal to the ones shown, a keystroke in the composer) leaves
 * the elements alone, and a changed value still reaches them (QuietControls.tsx).
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ConfigOption } from "../../src/shared/thread/sessionUpdate";
import type { PanelAction } from "../../src/shared/wire/panelState";
import { acpUpdate, modelSelect, readyState } from "./fixtures";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";

const configOptions = (model: string, fast: boolean): ConfigOption[] => [
  modelSelect(model),
  { type: "boolean", id: "fast", name: "Fast mode", currentValue: fast },
];

const update = (id: string, sessionUpdate: string, fields: Record<string, unknown>): PanelAction =>
  acpUpdate(id, sessionUpdate, fields);

interface Counted {
  elementUpdates?: Record<string, number>;
}

describe("webview: the pickers re-render only for what they show", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("leaves the selects and checkboxes alone on a render that changes none of their values", () =>
    webview.withPanel(
      { state: { ...readyState(), thread: { ...readyState().thread, configOptions: configOptions("large", false) } } },
      async (panel) => {
        const page = panel.page;
        const model = page.getByRole("combobox", { name: "Model" });
        await eventually(async () => assert.equal(await model.count(), 1));
        await settle(page);
        // Count every lit update of the selects and checkboxes from here on.
        await page.evaluate(() => {
          const counted = window as unknown as Counted;
          counted.elementUpdates = {};
          for (const tag of ["vscode-single-select", "vscode-checkbox"]) {
            const prototype = customElements.get(tag)?.prototype as { update: (changed: unknown) => void };
            const original = prototype.update;
            prototype.update = function (this: HTMLElement, changed: unknown) {
              const updates = (window as unknown as Counted).elementUpdates ?? {};
              updates[tag] = (updates[tag] ?? 0) + 1;
              original.call(this, changed);
            };
          }
        });
        const updates = () => page.evaluate(() => ({ ...(window as unknown as Counted).elementUpdates }));

        // The header renders for the title; the config pickers for options equal to the shown ones.
        await panel.actions(1, [
          update("t1", "session_info_update", { title: "Parser refactor" }),
          update("c1", "config_option_update", { configOptions: configOptions("large", false) }),
        ]);
        const title = page.getByRole("banner").getByRole("heading");
        await eventually(async () => assert.equal(await title.textContent(), "Parser refactor"));
        await settle(page);
        assert.deepEqual(await updates(), {}, "no select or checkbox rendered again");

        // The composer renders at every keystroke, with the pickers in its toolbar.
        await panel.prompt.pressSequentially("hello");
        await eventually(async () => assert.equal(await panel.prompt.inputValue(), "hello"));
        await settle(page);
        assert.deepEqual(await updates(), {}, "typing renders no select or checkbox");

        // A changed value still reaches the element.
        // Sequence numbers count actions: the first batch held two.
        await panel.actions(3, [update("c2", "config_option_update", { configOptions: configOptions("huge", true) })]);
        await eventually(async () => {
          // The combobox role sits inside the element's shadow root; the value is the element's.
          const value = await model.evaluate(
            (element) => ((element.getRootNode() as ShadowRoot).host as HTMLElement & { value: string }).value,
          );
          assert.equal(value, "huge");
          assert.equal(await page.getByRole("checkbox", { name: "Fast mode" }).isChecked(), true);
        });
        const changed = await updates();
        assert.ok(
          (changed["vscode-single-select"] ?? 0) >= 1,
          `the select rendered its new value: ${JSON.stringify(changed)}`,
        );
        await panel.assertHealthy();
      },
    ));
});
