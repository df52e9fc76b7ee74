/**
 * The webview in the display language: with the zh-cn bundle in the page (as the host puts it
 * there for VS Code in Simplified Chinese) the composer and the status line speak Chinese; with
 * none they keep the English names the other tests rely on. Text from the agent is never translated.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AGENT, agentEntry, readyState } from "./fixtures";
import { eventually } from "./harness";
import { webviewSuite } from "./webviewSuite";

/** A reply made of the English labels' words: the agent's words are never translated. */
const REPLY_IN_ENGLISH = readyState([agentEntry("a1", { kind: "message", text: "Send Stop Prompt" })]);

describe("webview localization", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("with the zh-cn bundle: the composer is labelled 提示 with 发送 and 停止, the status is Chinese, the agent's words stay as sent", () =>
    webview.withPanel({ locale: "zh-cn", state: REPLY_IN_ENGLISH }, async (panel) => {
      const prompt = panel.page.getByRole("textbox", { name: "提示" });
      await prompt.waitFor();
      assert.match((await prompt.getAttribute("placeholder")) ?? "", /向智能体提问/);
      await panel.page.getByRole("button", { name: "发送" }).waitFor();
      await panel.page.getByRole("button", { name: "停止" }).waitFor();
      await eventually(async () => assert.equal(await panel.page.getByRole("status").innerText(), `${AGENT} 已就绪`));
      assert.equal(await panel.prompt.count(), 0);
      assert.match(await panel.page.getByRole("log").innerText(), /Send Stop Prompt/);
      assert.equal(await panel.page.locator("html").getAttribute("lang"), "zh-cn");
      await panel.assertHealthy();
    }));

  it("with no bundle: English, the names the UI contract promises", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      await panel.prompt.waitFor();
      await panel.page.getByRole("button", { name: "Send" }).waitFor();
      await panel.page.getByRole("button", { name: "Stop" }).waitFor();
      await eventually(async () => assert.equal(await panel.page.getByRole("status").innerText(), `${AGENT} is ready`));
      assert.equal(await panel.page.getByRole("textbox", { name: "提示" }).count(), 0);
      await panel.assertHealthy();
    }));
});
