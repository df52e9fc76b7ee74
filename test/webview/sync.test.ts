/**
 * The replica protocol in a real browser: ready handshake, snapshots, numbered action batches,
 * gap detection and resync, invalid messages, and a long stream folding to the right text.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PanelAction } from "../../src/shared/wire/panelState";
import { AGENT, agentEntry, messageChunk, readyState, turnStarted, userEntry, RUNNING, oneExchange } from "./fixtures";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";

describe("webview state sync", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("announces itself with webview/ready once, before any state arrives", () =>
    webview.withPanel(async (panel) => {
      await settle(panel.page);
      assert.deepEqual(await panel.sent(), [{ type: "webview/ready" }]);
      await panel.assertHealthy();
    }));

  it("renders the entries of a snapshot in the transcript log", () =>
    webview.withPanel(async (panel) => {
      await panel.snapshot(
        3,
        readyState([userEntry("e1", "What is 2 + 2?"), agentEntry("e2", { kind: "message", text: "It is **4**." })]),
      );
      const log = panel.transcript;
      await eventually(async () => assert.equal(await log.getByRole("article").count(), 2));
      assert.equal(await log.getByRole("article", { name: "You" }).textContent(), "What is 2 + 2?");
      assert.equal((await log.getByRole("article", { name: "Agent" }).textContent())?.trim(), "It is 4.");
      assert.equal(await panel.page.getByRole("status").textContent(), `${AGENT} is ready`);
      await panel.assertHealthy();
    }));

  it("folds numbered action batches with the shared reducer", () =>
    webview.withPanel(async (panel) => {
      await panel.snapshot(10, readyState());
      await panel.actions(11, [turnStarted("u1", "Show me code")]);
      await panel.actions(12, [messageChunk("a1", "Here is **bold** text and code:\n\n```ts\nconst answer")]);
      await panel.actions(13, [messageChunk("a1", ": number = 42;\n```\n\nDone.")]);
      const log = panel.transcript;
      const reply = log.getByRole("article", { name: "Agent" });
      await eventually(async () => assert.match((await reply.textContent()) ?? "", /Done\./));
      assert.equal(await log.getByRole("article").count(), 2, "one user entry and one coalesced agent entry");
      assert.equal(await log.getByRole("article", { name: "You" }).textContent(), "Show me code");
      assert.equal(await reply.locator("strong").textContent(), "bold");
      assert.equal(await reply.locator("pre code").textContent(), "const answer: number = 42;");
      assert.equal(await reply.getByRole("button", { name: "Copy code" }).count(), 1);
      assert.equal(await panel.page.getByRole("status").textContent(), `${AGENT} is working…`);
      await panel.actions(14, [{ type: "turn/ended", stopReason: "end_turn" }]);
      await eventually(async () =>
        assert.equal(await panel.page.getByRole("status").textContent(), `${AGENT} is ready`),
      );
      assert.deepEqual(
        (await panel.sent()).map((m) => m.type),
        ["webview/ready"],
        "no resync for a contiguous sequence",
      );
      // Flow control: each rendered frame acknowledges the last action it folded, in order.
      const acks = (await panel.sentOfType("state/ack")).map((ack) => ack.seq);
      assert.equal(acks.at(-1), 14, `the last batch is acknowledged (${acks.join(", ")})`);
      assert.deepEqual(
        acks,
        [...acks].sort((a, b) => a - b),
      );
      await panel.assertHealthy();
    }));

  it("on a sequence gap asks for a snapshot exactly once, then recovers from the new snapshot", () =>
    webview.withPanel(async (panel) => {
      const log = panel.transcript;
      await panel.snapshot(5, readyState([userEntry("u1", "hi")], RUNNING));
      await panel.actions(6, [messageChunk("a1", "first ")]);
      await eventually(async () =>
        assert.equal((await log.getByRole("article", { name: "Agent" }).textContent())?.trim(), "first"),
      );
      await panel.actions(8, [messageChunk("a1", "LOST-8 ")]); // 7 is missing
      await panel.actions(9, [messageChunk("a1", "LOST-9 ")]);
      await panel.actions(7, [messageChunk("a1", "LATE-7 ")]);
      await panel.waitForSent("state/resync");
      await settle(panel.page);
      assert.equal((await panel.sentOfType("state/resync")).length, 1, "one resync request per gap");
      assert.equal(
        (await log.getByRole("article", { name: "Agent" }).textContent())?.trim(),
        "first",
        "nothing after the gap is folded",
      );

      await panel.snapshot(
        20,
        oneExchange("hi", "first second ", {
          phase: "running",
          startedAt: 1,
        }),
      );
      await panel.actions(21, [messageChunk("a1", "third")]);
      await eventually(async () =>
        assert.equal((await log.getByRole("article", { name: "Agent" }).textContent())?.trim(), "first second third"),
      );

      // A new gap after recovery is reported again, once.
      await panel.actions(23, [messageChunk("a1", " LOST")]);
      await panel.waitForSent("state/resync", 2);
      await panel.actions(24, [messageChunk("a1", " LOST")]);
      await settle(panel.page);
      assert.equal((await panel.sentOfType("state/resync")).length, 2);
      await panel.assertHealthy();
    }));

  it("drops invalid host messages with a warning and keeps working", () =>
    webview.withPanel(async (panel) => {
      const log = panel.transcript;
      await panel.snapshot(1, readyState([userEntry("u1", "hello")], RUNNING));
      await panel.sendAll([
        { type: "state/actions", seq: "2", actions: [] },
        { type: "state/actions", seq: 2, actions: [{ type: "no/such-action" }] },
        { type: "state/snapshot", seq: 2, state: { thread: "nope" } },
        { type: "unknown/message" },
        "not even an object",
        null,
      ]);
      await panel.actions(2, [messageChunk("a1", "still **alive**")]);
      await eventually(async () =>
        assert.equal((await log.getByRole("article", { name: "Agent" }).textContent())?.trim(), "still alive"),
      );
      assert.equal(
        await log.getByRole("article", { name: "You" }).textContent(),
        "hello",
        "the invalid snapshot did not replace the state",
      );
      assert.deepEqual(
        (await panel.sent()).map((m) => m.type),
        ["webview/ready"],
        "invalid messages are not gaps",
      );
      assert.equal(panel.warnings.filter((w) => w.includes("dropped an invalid host message")).length, 6);
      await panel.assertHealthy();
    }));

  it("folds a stream of 2,000 chunks to the same text as the whole message", async () => {
    const words = Array.from({ length: 2_000 }, (_, i) => `w${i}`);
    const paragraphs: string[] = [];
    for (let p = 0; p < 20; p++) paragraphs.push(`**P${p}** ${words.slice(p * 100, p * 100 + 100).join(" ")}`);
    paragraphs.splice(10, 0, "```ts\nconst streamed = true;\n\nconsole.log(streamed);\n```");
    const text = paragraphs.join("\n\n");
    // Cut at arbitrary points: through words, `**` markers and code fences.
    const size = Math.ceil(text.length / 2_000);
    const chunks = Array.from({ length: 2_000 }, (_, i) => text.slice(i * size, (i + 1) * size));
    assert.equal(chunks.join(""), text);

    const streamed = await webview.open();
    const whole = await webview.open();
    try {
      await streamed.snapshot(0, readyState([userEntry("u1", "stream")], RUNNING));
      const messages = chunks.map((chunk, i) => ({
        type: "state/actions",
        seq: i + 1,
        actions: [messageChunk("a1", chunk)] satisfies PanelAction[],
      }));
      await streamed.sendAll(messages);
      await streamed.actions(2_001, [{ type: "turn/ended", stopReason: "end_turn" }]);
      await eventually(
        async () => assert.equal(await streamed.page.getByRole("status").textContent(), `${AGENT} is ready`),
        20_000,
      );

      const reply = streamed.page.getByRole("log").getByRole("article", { name: "Agent" });
      assert.equal(await reply.count(), 1, "all chunks coalesce into one message");
      const rendered = (await reply.textContent()) ?? "";
      assert.deepEqual(rendered.match(/w\d+/g), words, "every word, once, in order");
      // Blocks that missed a frame's render budget are upgraded from plain text when idle.
      await eventually(async () => assert.equal(await reply.getByRole("paragraph").count(), 20), 10_000);
      assert.equal(await reply.locator("strong").count(), 20);
      assert.equal(await reply.locator("pre code").textContent(), "const streamed = true;\n\nconsole.log(streamed);");

      await whole.snapshot(0, readyState([userEntry("u1", "stream"), agentEntry("a1", { kind: "message", text })]));
      const reference = whole.page.getByRole("log").getByRole("article", { name: "Agent" });
      await eventually(async () => assert.equal(await reference.getByRole("paragraph").count(), 20), 10_000);
      assert.equal(
        await reply.innerHTML(),
        await reference.innerHTML(),
        "streamed rendering equals rendering the final text at once",
      );
      assert.deepEqual(
        (await streamed.sent()).map((m) => m.type),
        ["webview/ready"],
      );
      await streamed.assertHealthy();
    } finally {
      await streamed.close();
      await whole.close();
    }
  });
});
