/**
 * The split bundle: the shell (tabs, composer) paints before the transcript's chunk has loaded,
 * highlight.js grammars load when a fenced block names them, both kinds of chunk load under
 * the product's nonce-only script policy, and idle time warms what the first reply needs.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Route } from "playwright-core";
import { messageChunk, readyState, userEntry, RUNNING, oneExchange } from "./fixtures";
import { eventually } from "./harness";
import type { PanelOptions } from "./webviewSuite";
import { webviewSuite } from "./webviewSuite";

describe("webview lazy loading", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("shows the Prompt box and Send before the transcript's chunk has loaded", async () => {
    const held: Route[] = [];
    const holdTranscriptChunk: PanelOptions = {
      beforeLoad: (context) =>
        context.route(/\/dist\/Transcript-[\w-]+\.js$/, (route) => {
          held.push(route);
        }),
    };
    await webview.withPanel(holdTranscriptChunk, async (panel) => {
      await panel.snapshot(0, oneExchange("hello", "Hi **there**."));
      await eventually(() => assert.equal(held.length, 1, "the transcript's chunk was requested (and is held back)"));
      const prompt = panel.prompt;
      await prompt.waitFor({ timeout: 5_000 });
      assert.equal(await panel.page.getByRole("button", { name: "Send" }).count(), 1, "Send is there");
      assert.equal(await panel.transcript.count(), 0, "no transcript yet: its code has not loaded");
      await prompt.fill("typed while the transcript loads");

      for (const route of held) await route.continue();
      const reply = panel.transcript.getByRole("article", { name: "Agent" });
      await eventually(async () => assert.equal(await reply.locator("strong").textContent(), "there"));
      assert.equal(
        await prompt.inputValue(),
        "typed while the transcript loads",
        "the draft survived the transcript's arrival",
      );
      await panel.assertHealthy();
    });
  });

  it("highlights a fenced block once the grammar its language names has loaded (Ruby, by its alias rb)", async () => {
    const requested: string[] = [];
    const productPolicy: PanelOptions = {
      csp: "nonce",
      beforeLoad: async (context) =>
        context.on("request", (request) => requested.push(new URL(request.url()).pathname)),
    };
    await webview.withPanel(productPolicy, async (panel) => {
      await panel.snapshot(0, readyState([userEntry("u1", "ruby please")], RUNNING));
      await eventually(() =>
        assert.ok(
          requested.some((path) => /\/dist\/Transcript-/.test(path)),
          "the transcript's chunk loaded",
        ),
      );
      assert.equal(
        requested.filter((path) => /\/dist\/ruby-/.test(path)).length,
        0,
        "no Ruby grammar before a block names it",
      );
      await panel.actions(1, [messageChunk("a1", 'Here:\n\n```rb\ndef greet(name)\n  puts "hi #{name}"\nend\n```\n')]);
      const code = panel.transcript.getByRole("article", { name: "Agent" }).locator("pre code");
      await eventually(
        async () =>
          assert.equal(
            await code.locator("span.hljs-keyword", { hasText: /^def$/ }).count(),
            1,
            "def is a highlighted keyword",
          ),
        10_000,
      );
      assert.equal(
        requested.filter((path) => /\/dist\/ruby-/.test(path)).length,
        1,
        "the Ruby grammar was fetched once",
      );
      assert.equal(await code.textContent(), 'def greet(name)\n  puts "hi #{name}"\nend');
      const preloaded = await panel.page.locator('link[rel="modulepreload"]').count();
      assert.ok(preloaded > 0, "main.js's chunks are preloaded beside it (dist/webview/preload.json)");
      await panel.assertHealthy(); // nonce-only CSP: no chunk or preload was blocked
    });
  });

  it("lays Markdown out once in idle time, out of sight, so a reply's first bold or code needs no font load", () => {
    const recordWarmUps: PanelOptions = {
      // Records each hidden copy as the page adds it (the page removes it in the same task).
      beforeLoad: (context) =>
        context.addInitScript(() => {
          const seen: Array<Record<string, unknown>> = [];
          Object.assign(window, { __warmUps: seen });
          new MutationObserver((records) => {
            for (const record of records)
              for (const node of record.addedNodes) {
                if (!(node instanceof HTMLElement) || !node.classList.contains("font-warm-up")) continue;
                const tags = ["strong", "em", "h1", "h2", "h3", "h4", "p > code", "pre code .hljs-keyword"];
                seen.push({
                  connected: node.isConnected,
                  hidden: node.getAttribute("aria-hidden"),
                  tags: tags.filter((selector) => node.querySelector(selector) !== null),
                });
              }
          }).observe(document, { childList: true, subtree: true });
        }),
    };
    return webview.withPanel(recordWarmUps, async (panel) => {
      await panel.snapshot(0, readyState([userEntry("u1", "hello")]));
      const warmUps = () => panel.page.evaluate(() => (window as unknown as { __warmUps: unknown[] }).__warmUps);
      const covered = async () =>
        new Set(((await warmUps()) as Array<{ tags: string[] }>).flatMap((warmUp) => warmUp.tags));
      await eventually(async () => assert.equal((await covered()).size, 8, "every text style was laid out"), 10_000);
      for (const warmUp of (await warmUps()) as Array<{ connected: boolean; hidden: string | null }>) {
        assert.equal(warmUp.connected, false, "removed in the task that added it: never painted");
        assert.equal(warmUp.hidden, "true", "hidden from assistive technology");
      }
      assert.equal(await panel.page.locator(".font-warm-up").count(), 0);
      const transcript = panel.transcript;
      await eventually(async () => assert.equal(await transcript.getByText("hello").count(), 1));
      assert.equal(await panel.page.getByRole("heading", { name: "Title" }).count(), 0, "no sample is left to see");
      await panel.assertHealthy();
    });
  });
});
