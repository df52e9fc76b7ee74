/**
 * Issue 28: `@https://…` fetches against a server on 127.0.0.1: HTML becomes plain text, the size
 * and time are capped, redirects are handed back (never followed, never to another scheme), and
 * only text is taken.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fetchableUrl, fetchPage } from "../../src/acp/context/urlFetch";
import { htmlToText } from "../../src/acp/context/htmlText";

describe("URL fetch for @-mentions", () => {
  let server: Server;
  let base = "";
  const hits: string[] = [];
  before(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? "");
      switch (request.url ?? "") {
        case "/page":
          response.setHeader("content-type", "text/html; charset=utf-8");
          return response.end(
            "<html><head><title>Docs &amp; more</title><script>alert(1)</script><style>p{}</style></head>" +
              "<body><h1>Hello</h1><p>One&nbsp;<b>two</b> &lt;three&gt; &#x1F600;</p><!-- hidden --><ul><li>a</li><li>b</li></ul></body></html>",
          );
        case "/to-file":
          response.writeHead(302, { location: "file:///etc/passwd" });
          return response.end();
        case "/to-page":
          response.writeHead(301, { location: "/page" });
          return response.end();
        case "/big":
          response.setHeader("content-type", "text/plain");
          return response.end("x".repeat(5000));
        case "/binary":
          response.setHeader("content-type", "application/octet-stream");
          return response.end(Buffer.from([0, 1, 2]));
        case "/slow":
          response.setHeader("content-type", "text/plain");
          response.write("start");
          return; // never ends
        default:
          response.statusCode = 404;
          return response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it("takes http and https only, without credentials", () => {
    assert.ok(fetchableUrl("https://example.com/a"));
    assert.ok(fetchableUrl("http://127.0.0.1:8/x"));
    for (const bad of ["file:///etc/passwd", "javascript:alert(1)", "ftp://h/x", "https://u:p@h/x", "not a url"])
      assert.equal(fetchableUrl(bad), undefined, bad);
  });

  it("turns HTML into plain text, with the title, and no script or style", async () => {
    const outcome = await fetchPage(new URL(`${base}/page`));
    assert.equal(outcome.kind, "page");
    if (outcome.kind !== "page") return;
    assert.equal(outcome.url, `${base}/page`);
    assert.equal(outcome.text, "Docs & more\n\nHello\nOne two <three> 😀\na\nb");
    assert.equal(outcome.truncated, false);
  });

  it("hands redirects back instead of following them, and refuses other schemes", async () => {
    assert.deepEqual(await fetchPage(new URL(`${base}/to-page`)), { kind: "redirect", location: `${base}/page` });
    const toFile = await fetchPage(new URL(`${base}/to-file`));
    assert.equal(toFile.kind, "failed");
    assert.match(toFile.kind === "failed" ? toFile.reason : "", /not http/);
  });

  it("caps the bytes read and the text kept, refuses binary, and times out", async () => {
    const big = await fetchPage(new URL(`${base}/big`), { maxBytes: 1000 });
    assert.ok(big.kind === "page" && big.truncated && big.text.length === 1000);
    const chars = await fetchPage(new URL(`${base}/big`), { maxChars: 10 });
    assert.ok(chars.kind === "page" && chars.truncated && chars.text === "x".repeat(10));
    const binary = await fetchPage(new URL(`${base}/binary`));
    assert.equal(binary.kind, "failed");
    const slow = await fetchPage(new URL(`${base}/slow`), { timeoutMs: 300 });
    assert.deepEqual(slow, { kind: "failed", reason: "timed out" });
    assert.deepEqual(await fetchPage(new URL(`${base}/missing`)), { kind: "failed", reason: "HTTP 404" });
  });

  it("drops comments, hidden elements and unknown references", () => {
    assert.equal(htmlToText("<p>a<!-- <b>x</b> --></p><noscript>n</noscript><p>&bogus; &#0;</p>"), "a\n&bogus;");
  });
});
