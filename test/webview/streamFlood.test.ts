/**
 * A flood's Markdown waits for it to settle (webview/host/streamFlood.ts): a batch bringing more
 * text than a screen holds shows as plain text at once and is formatted once the flood has
 * settled; an ordinary stream is formatted as it comes.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { messageChunk, readyState, userEntry, RUNNING } from "./fixtures";
import { eventually } from "./harness";
import { webviewSuite } from "./webviewSuite";

declare global {
  interface Window {
    /** Texts of the plain-text placeholder blocks that ever appeared. */
    __plainBlocks?: string[];
    /** The reply's blocks in the first render that showed `__firstRenderOf`. */
    __firstRender?: { plain: number; formatted: number };
    __firstRenderOf?: string;
  }
}

/** Counts the reply's plain and formatted blocks in the first render that shows `text`. */
async function recordFirstRenderOf(page: Page, text: string): Promise<void> {
  await page.evaluate((text) => {
    window.__firstRenderOf = text;
    const observer = new MutationObserver(() => {
      const log = document.querySelector('[role="log"]');
      if (!log || !(log.textContent ?? "").includes(text)) return;
      window.__firstRender = {
        plain: log.querySelectorAll(".markdown-plain").length,
        formatted: log.querySelectorAll(".markdown-block:not(.markdown-plain)").length,
      };
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
}

/** Records every plain-text (not yet formatted) block that appears from now on. */
async function recordPlainBlocks(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__plainBlocks = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const blocks = node.matches(".markdown-plain")
            ? [node]
            : Array.from(node.querySelectorAll(".markdown-plain"));
          for (const block of blocks) window.__plainBlocks?.push(block.textContent ?? "");
        }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

const plainBlocks = (page: Page) => page.evaluate(() => window.__plainBlocks ?? []);

/** About `chars` characters of Markdown paragraphs, lists and code, its blocks numbered from `first`. */
function markdownOf(chars: number, first = 0): string {
  const parts: string[] = [];
  for (let i = first, size = 0; size < chars; i++) {
    const block =
      i % 3 === 0
        ? `Paragraph ${i} reads \`src/file${i}.ts\` and keeps **every** export.`
        : i % 3 === 1
          ? `- item ${i}\n- another *item*`
          : "```ts\nconst value = " + i + ";\n```";
    parts.push(block);
    size += block.length + 2;
  }
  return parts.join("\n\n");
}

describe("stream flood", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("a flood shows as plain text at once and is formatted once it has settled", () =>
    webview.withPanel({ state: readyState([userEntry("u1", "flood me")], RUNNING) }, async (panel) => {
      await recordPlainBlocks(panel.page);
      await recordFirstRenderOf(panel.page, "Paragraph ");
      // Batches of more than a screenful each, until the flood's text is on screen.
      let seq = 1;
      for (let start = 0; seq <= 40; start += 1_000) {
        await panel.actions(seq++, [messageChunk("a1", `${start ? "\n\n" : ""}${markdownOf(8_000, start)}`)]);
        if (await panel.page.evaluate(() => window.__firstRender !== undefined)) break;
      }
      const first = await panel.page.evaluate(() => window.__firstRender);
      assert.ok(first && first.plain > 0, "the flood's first render showed plain text");
      assert.equal(first.formatted, 0, "and spent no Markdown on text the next batch would scroll away");

      await panel.actions(seq, [messageChunk("a1", "\n\nThe **FLOOD-END** marker.")]);
      const reply = panel.transcript.getByRole("article", { name: "Agent" });
      await eventually(async () => assert.equal(await reply.locator("strong", { hasText: "FLOOD-END" }).count(), 1));
      await eventually(async () =>
        assert.equal(await reply.locator(".markdown-plain").count(), 0, "nothing on screen is left unformatted"),
      );
      await panel.assertHealthy();
    }));

  it("an ordinary stream is formatted as it comes, never shown plain first", () =>
    webview.withPanel({ state: readyState([userEntry("u1", "stream")], RUNNING) }, async (panel) => {
      await recordPlainBlocks(panel.page);
      const reply = panel.transcript.getByRole("article", { name: "Agent" });
      const words = ["First", "Second", "Third"];
      for (const [index, word] of words.entries()) {
        await panel.actions(index + 1, [messageChunk("a1", `${index ? "\n\n" : ""}A **${word}** paragraph.`)]);
        await eventually(async () => assert.equal(await reply.locator("strong", { hasText: word }).count(), 1));
      }
      assert.deepEqual(
        (await plainBlocks(panel.page)).filter((text) => words.some((word) => text.includes(word))),
        [],
        "no block of an ordinary stream was shown plain",
      );
    }));
});
