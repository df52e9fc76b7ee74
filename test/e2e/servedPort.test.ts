/**
 * The harness's code-server (the e2e tests, `npm run demo`, the bench) on a port any local user
 * can reach (issue 26 item 7): without the server's random password nothing is served (no
 * workbench, no key, no remote extension host: that would be a terminal as this user), and
 * Workspace Trust stays on: the test's folder is trusted explicitly, another folder is not.
 */
import * as assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { describe } from "node:test";
import type { Page } from "playwright-core";
import { DEMO_AGENT } from "../harness/agent";
import { openChat } from "../harness/chat";
import { fakeAgent } from "./fixture/agents";
import { useE2e } from "./fixture/useE2e";
import { writeFiles } from "./fixture/workspaceFiles";

/** What a WebSocket upgrade to `url` gets without a session cookie: 101 means it was let in. */
function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { host } = new URL(url);
    const req = request(url, {
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        Origin: `http://${host}`,
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
      },
    });
    req.on("upgrade", (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    req.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the served port", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "port",
    files: { "README.md": "# trusted\n" },
    prepare: ({ scratch }) => writeFiles(join(scratch, "not-trusted"), { "README.md": "# not trusted\n" }),
    agents: { [DEMO_AGENT]: fakeAgent() },
    window: false,
  });

  e2e.it(
    "refuses every request that does not carry the password's session",
    "e2e-port-refused",
    async ({ workspace, server }) => {
      const url = server.url;
      const page = await fetch(`${url}/?folder=${encodeURIComponent(workspace)}`, { redirect: "manual" });
      assert.equal(page.status, 302, "the workbench is not served");
      assert.match(page.headers.get("location") ?? "", /login/, "it sends the browser to the login page");
      assert.doesNotMatch(await page.text(), /workbench/i);
      const key = await fetch(`${url}/mint-key`, { method: "POST" });
      assert.equal(key.status, 401, "no key without the password");
      assert.notEqual(await upgradeStatus(`${url}/?reconnectionToken=x&skipWebSocketFrames=false`), 101, "no socket");
      const wrong = await fetch(`${url}/login`, {
        method: "POST",
        body: new URLSearchParams({ password: "not-it" }),
        redirect: "manual",
      });
      assert.notEqual(wrong.status, 302, "a wrong password does not sign in");
      assert.ok(server.password.length >= 32, "the password is long and random");
      const config = readFileSync(join(server.scratchDir, "config.yaml"), "utf8");
      assert.match(config, /^auth: password$/m);
      assert.doesNotMatch(config, /password:\s*\S/, "the password is not written to disk");
    },
  );

  e2e.it(
    "with the password the trusted workspace runs agents; Workspace Trust is still on for other folders",
    "e2e-port-trust",
    async ({ scratch, server }) => {
      const { page } = await e2e.openWorkbench();
      await openChat(page); // agents start only in a trusted workspace
      const restricted = (on: Page) => on.locator(".statusbar").getByText("Restricted Mode", { exact: true });
      assert.equal(await restricted(page).count(), 0, "the workspace is trusted");
      const untrusted = await e2e.openWorkbench(server.folderUrl(join(scratch, "not-trusted")));
      await restricted(untrusted.page).waitFor({ timeout: 60_000 });
      await untrusted.page.close();
    },
  );
});
