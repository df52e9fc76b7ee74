/**
 * Agent Markdown in the transcript: formatting, highlighted code with a working Copy button,
 * collapsed thoughts, inert raw HTML, and links that never navigate the webview.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { agentEntry, messageChunk, readyState, thoughtChunk, userEntry, RUNNING, oneExchange } from "./fixtures";
import { computedColour, eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { hasFocus } from "./focus";

describe("webview markdown", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("renders **bold** as <strong> and highlights a fenced code block with a Copy button that copies it", () =>
    webview.withPanel(async (panel) => {
      await panel.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: webview.harness.baseUrl });
      const code = 'const greeting: string = "hi";\nfunction shout(s: string) {\n  return s.toUpperCase();\n}';
      await panel.snapshot(0, readyState([userEntry("u1", "code please")], RUNNING));
      await panel.actions(1, [messageChunk("a1", "Some **bold** advice, then `inline` code:\n\n```typescript\n")]);
      await panel.actions(2, [messageChunk("a1", `${code}\n\`\`\`\n`)]);
      const reply = panel.transcript.getByRole("article", { name: "Agent" });
      const copy = reply.getByRole("button", { name: "Copy code" });
      await eventually(async () => assert.equal(await reply.locator("pre code").textContent(), code));

      assert.equal(await reply.locator("strong").textContent(), "bold");
      assert.equal(await reply.getByText("**bold**").count(), 0, "no literal asterisks left");

      // Highlighted: the keyword is a separate token with its own theme colour.
      const keyword = reply.locator("pre code span", { hasText: /^const$/ });
      assert.equal(await keyword.count(), 1);
      const colours = await keyword.evaluate((element) => ({
        token: getComputedStyle(element).color,
        code: getComputedStyle(element.closest("code") as Element).color,
      }));
      assert.notEqual(colours.token, colours.code, "the keyword is coloured differently from plain code");
      const keywordColour = await computedColour(
        panel.page,
        "color-mix(in srgb, var(--vscode-symbolIcon-keywordForeground) 60%, var(--vscode-editor-foreground))",
      );
      assert.equal(
        colours.token,
        keywordColour,
        "keywords use --vscode-symbolIcon-keywordForeground (mixed toward the text colour for contrast)",
      );

      await copy.click();
      await eventually(async () => assert.equal(await panel.page.evaluate(() => navigator.clipboard.readText()), code));
      await panel.assertHealthy();
    }));

  it("a short code block with a line wider than the panel scrolls sideways and takes keyboard focus (axe-clean)", () =>
    webview.withPanel({ viewport: { width: 300, height: 700 } }, async (panel) => {
      const wide = `const configuration = { ${"option: true, ".repeat(12)}};`;
      await panel.snapshot(0, readyState([userEntry("u1", "wide code")]));
      await panel.actions(1, [messageChunk("a1", `Here:\n\n\`\`\`ts\n${wide}\n\`\`\`\n`)]);
      const reply = panel.transcript.getByRole("article", { name: "Agent" });
      const pre = reply.locator("pre");
      await eventually(async () => assert.equal(await reply.locator("pre code").textContent(), wide));
      assert.ok(await pre.evaluate((el) => el.scrollWidth > el.clientWidth), "the line is wider than the block");
      await pre.focus();
      assert.equal(await hasFocus(pre), true, "the block takes focus");
      assert.deepEqual(await panel.axe(), []);
    }));

  it("re-renders only the growing block while a message streams", () =>
    webview.withPanel({ state: readyState([userEntry("u1", "stream")], RUNNING) }, async (panel) => {
      await panel.actions(1, [
        messageChunk("a1", "First paragraph, finished.\n\n```ts\nconst done = 1;\n```\n\nThird"),
      ]);
      const reply = panel.page.getByRole("log").getByRole("article", { name: "Agent" });
      await eventually(async () => assert.match((await reply.textContent()) ?? "", /Third/));
      // The code block is drawn once more when the TypeScript grammar arrives (Markdown.tsx): wait
      // for that, or a late grammar replaces the tagged node below (it did on a loaded machine).
      await eventually(async () =>
        assert.equal(await reply.locator("pre code span", { hasText: /^const$/ }).count(), 1),
      );
      // Tag the DOM nodes of the finished blocks; a re-parse of the whole message would replace them.
      await reply
        .getByText("First paragraph, finished.")
        .evaluate((element) => element.setAttribute("data-test-kept", "p"));
      await reply.locator("pre code").evaluate((element) => element.setAttribute("data-test-kept", "code"));
      for (let i = 0; i < 5; i++) await panel.actions(2 + i, [messageChunk("a1", ` more${i}`)]);
      await panel.actions(7, [messageChunk("a1", "\n\n- a list\n- after it")]);
      await eventually(async () => assert.equal(await reply.getByRole("listitem").count(), 2));
      assert.equal(await reply.getByText("Third more0 more1 more2 more3 more4").count(), 1);
      assert.equal(await reply.locator("[data-test-kept]").count(), 2, "finished blocks kept their DOM nodes");
      await panel.assertHealthy();
    }));

  it("shows a thought collapsed and dimmed, expandable, and keeps it open while the reply streams", () =>
    webview.withPanel({ state: readyState([userEntry("u1", "think")], RUNNING) }, async (panel) => {
      await panel.actions(1, [
        thoughtChunk("a1", "I should consider the secret plan."),
        messageChunk("a1", "Here is the answer."),
      ]);
      const reply = panel.page.getByRole("log").getByRole("article", { name: "Agent" });
      await eventually(async () => assert.equal(await reply.getByText("Here is the answer.").isVisible(), true));
      const thought = reply.getByRole("group");
      assert.equal(await thought.count(), 1, "the thought is a disclosure group");
      assert.equal(await reply.getByText("Thought", { exact: true }).isVisible(), true);
      assert.equal(
        await reply.getByText("I should consider the secret plan.").isVisible(),
        false,
        "collapsed by default",
      );

      await reply.getByText("Thought", { exact: true }).click();
      await eventually(async () =>
        assert.equal(await reply.getByText("I should consider the secret plan.").isVisible(), true),
      );
      const dimmed = await thought.evaluate((element) => getComputedStyle(element).color);
      const normal = await reply
        .getByText("Here is the answer.")
        .evaluate((element) => getComputedStyle(element).color);
      assert.notEqual(dimmed, normal, "thoughts are dimmed");

      await panel.actions(3, [messageChunk("a1", " And more.")]); // the batch at 1 held actions 1 and 2
      await eventually(async () =>
        assert.equal(await reply.getByText("Here is the answer. And more.").isVisible(), true),
      );
      assert.equal(
        await reply.getByText("I should consider the secret plan.").isVisible(),
        true,
        "streaming keeps the user's expanded thought open",
      );
      await panel.assertHealthy();
    }));

  it("never executes raw HTML from the agent, even without the CSP", () =>
    webview.withPanel({ csp: false }, async (panel) => {
      // Control: in this page, injected inline handlers do run, so the probe below can fail.
      await panel.page.evaluate(() =>
        document.body.insertAdjacentHTML("beforeend", '<img src="/nope" onerror="window.__probe = 1">'),
      );
      await eventually(async () => assert.equal(await panel.page.evaluate(() => window.__probe), 1));

      const attack = [
        "Look: <img src=x onerror=\"window.__pwned = 'img'\">",
        "",
        "<script>window.__pwned = 'script'</script>",
        "",
        '<svg onload="window.__pwned = \'svg\'"></svg> <iframe srcdoc="<script>parent.__pwned = 1</script>"></iframe>',
        "",
        "[click me](javascript:window.__pwned='link') and <a href=\"javascript:window.__pwned='a'\">raw link</a>",
      ].join("\n");
      await panel.snapshot(0, oneExchange("attack", attack));
      const log = panel.transcript;
      const reply = log.getByRole("article", { name: "Agent" });
      const scriptLink = reply.getByText("click me", { exact: true });
      await eventually(async () => assert.equal(await scriptLink.count(), 1));
      await scriptLink.click();
      await settle(panel.page);
      await new Promise((done) => setTimeout(done, 300)); // give any error/load handler time to fire

      assert.equal(await panel.page.evaluate(() => window.__pwned), undefined);
      assert.equal(await log.locator("script, img, svg, iframe").count(), 0, "no active elements were created");
      assert.equal(
        await reply.getByText("<img src=x onerror=\"window.__pwned = 'img'\">").count(),
        1,
        "raw HTML is shown as text",
      );
      assert.equal(await reply.getByText("<script>window.__pwned = 'script'</script>").count(), 1);
      assert.equal(await scriptLink.getAttribute("href"), null, "javascript: URLs are removed");
      assert.equal(await reply.getByRole("link").count(), 0, "so it is no link at all");
      assert.equal(await panel.page.evaluate(() => location.pathname), "/");
      assert.deepEqual(
        panel.problems.filter((p) => !p.includes("404")),
        [],
        "only the control image's 404",
      );
    }));

  it("marks links noopener and keeps clicks from navigating the webview", () =>
    webview.withPanel(async (panel) => {
      await panel.snapshot(
        0,
        readyState([
          agentEntry("a1", { kind: "message", text: "See [the docs](https://example.invalid/docs) and [home](/)." }),
        ]),
      );
      const link = panel.page.getByRole("log").getByRole("link", { name: "the docs" });
      await eventually(async () => assert.equal(await link.count(), 1));
      assert.equal(await link.getAttribute("href"), "https://example.invalid/docs");
      assert.match((await link.getAttribute("rel")) ?? "", /\bnoopener\b/);
      const before = panel.page.url();
      await link.click();
      await panel.page.getByRole("log").getByRole("link", { name: "home" }).click();
      await settle(panel.page);
      assert.equal(panel.page.url(), before);
      assert.equal(await panel.prompt.isVisible(), true, "the panel is still loaded");
      // VS Code's webview frame opens http(s) links itself; other links go to the host to validate.
      assert.deepEqual(await panel.sentOfType("link/open"), [{ type: "link/open", href: "/" }]);
      await panel.assertHealthy();
    }));
});
