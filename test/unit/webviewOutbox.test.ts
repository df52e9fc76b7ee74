import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { WebviewOutbox } from "../../src/acp/sessions/webviewOutbox";

describe("WebviewOutbox", () => {
  it("keeps commands sent before the webview listens and delivers them in order once it does", () => {
    const delivered: string[] = [];
    const outbox = new WebviewOutbox<string>((m) => delivered.push(m));
    outbox.send("focus");
    outbox.send("attach README.md");
    assert.deepEqual(delivered, []);
    outbox.listening();
    assert.deepEqual(delivered, ["focus", "attach README.md"]);
    outbox.send("attach src/a.ts");
    assert.deepEqual(delivered, ["focus", "attach README.md", "attach src/a.ts"]);
    assert.equal(outbox.waiting, 0);
  });

  it("holds commands again after the content is discarded (hidden, resolved anew) until the next ready", () => {
    const delivered: string[] = [];
    const outbox = new WebviewOutbox<string>((m) => delivered.push(m));
    outbox.listening();
    outbox.discarded();
    outbox.send("attach README.md");
    assert.deepEqual(delivered, []);
    assert.equal(outbox.waiting, 1);
    outbox.listening();
    assert.deepEqual(delivered, ["attach README.md"]);
  });

  it("is bounded: past the limit the oldest command goes, the newest are kept", () => {
    const delivered: number[] = [];
    const outbox = new WebviewOutbox<number>((m) => delivered.push(m));
    for (let i = 0; i < WebviewOutbox.limit + 3; i++) outbox.send(i);
    assert.equal(outbox.waiting, WebviewOutbox.limit);
    outbox.listening();
    assert.equal(delivered[0], 3);
    assert.equal(delivered.at(-1), WebviewOutbox.limit + 2);
  });
});
