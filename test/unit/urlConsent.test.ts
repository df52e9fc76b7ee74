/**
 * Issue 28 review: the `@https://…` redirect rules as plain code. Every URL actually fetched was
 * agreed to, a redirect (to another host too) asks again, and loops stop with a clear reason.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { fetchWithConsent, type FetchOutcome } from "../../src/acp/context/urlFetch";

function site(routes: Record<string, string>): { fetched: string[]; fetch: (url: URL) => Promise<FetchOutcome> } {
  const fetched: string[] = [];
  return {
    fetched,
    fetch: (url) => {
      const here = url.toString();
      fetched.push(here);
      const to = routes[here];
      return Promise.resolve(
        to
          ? { kind: "redirect", location: to }
          : { kind: "page", url: here, text: `text of ${here}`, truncated: false },
      );
    },
  };
}

test("a redirect to another host asks again for the target, and the page is the target's", async () => {
  const { fetched, fetch } = site({ "https://a.test/": "https://b.test/next" });
  const asked: Array<[string, string | undefined]> = [];
  const outcome = await fetchWithConsent(new URL("https://a.test/"), {
    fetch,
    consent: (url, from) => (asked.push([url, from]), Promise.resolve(true)),
  });
  assert.deepEqual(asked, [
    ["https://a.test/", undefined],
    ["https://b.test/next", "https://a.test/"],
  ]);
  assert.deepEqual(fetched, ["https://a.test/", "https://b.test/next"]);
  assert.equal(outcome.kind === "page" && outcome.url, "https://b.test/next");
});

test("declining the redirect's target fetches nothing more", async () => {
  const { fetched, fetch } = site({ "https://a.test/": "https://evil.test/" });
  const outcome = await fetchWithConsent(new URL("https://a.test/"), {
    fetch,
    consent: (url) => Promise.resolve(!url.includes("evil")),
  });
  assert.equal(outcome.kind, "declined");
  assert.deepEqual(fetched, ["https://a.test/"]);
});

test("a loop of redirects stops with a clear reason, without asking about the same URL again", async () => {
  const { fetched, fetch } = site({ "https://a.test/": "https://b.test/", "https://b.test/": "https://a.test/" });
  let asks = 0;
  const outcome = await fetchWithConsent(new URL("https://a.test/"), {
    fetch,
    consent: () => (asks++, Promise.resolve(true)),
  });
  assert.deepEqual(outcome, {
    kind: "failed",
    reason: "redirect loop: https://b.test/ redirects back to https://a.test/",
  });
  assert.equal(asks, 2);
  assert.deepEqual(fetched, ["https://a.test/", "https://b.test/"]);
});

test("an endless chain of new URLs stops after the redirect limit", async () => {
  const fetched: string[] = [];
  const outcome = await fetchWithConsent(new URL("https://a.test/0"), {
    maxRedirects: 3,
    consent: () => Promise.resolve(true),
    fetch: (url) => {
      fetched.push(url.toString());
      const next = Number(url.pathname.slice(1)) + 1;
      return Promise.resolve({ kind: "redirect", location: `https://a.test/${next}` });
    },
  });
  assert.deepEqual(outcome, { kind: "failed", reason: "more than 3 redirects (the last to https://a.test/4)" });
  assert.equal(fetched.length, 4);
});
