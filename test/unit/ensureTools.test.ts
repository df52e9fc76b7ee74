/**
 * The README's commands run test/harness/ensureTools.sh under `npm run`, which exports npm's own
 * identity to every child. The nested `npm install code-server` must not inherit it: code-server's
 * postinstall reads npm_config_user_agent and refuses to install when it names a Node other than 24.
 * CI machines keep the tools cache, so only a check like this one sees a regression.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../support/fakeAgentLaunch";

test("a nested npm started by ensureTools.sh under `npm run` sees no inherited npm identity", () => {
  const scratch = mkdtempSync(join(tmpdir(), "acp-tools-probe-"));
  try {
    const script = join(repoRoot, "test/harness/ensureTools.sh");
    writeFileSync(
      join(scratch, "package.json"),
      JSON.stringify({ name: "probe", private: true, scripts: { probe: `bash ${JSON.stringify(script)}` } }),
    );
    const out = execFileSync("npm", ["run", "--silent", "probe"], {
      cwd: scratch,
      encoding: "utf8",
      // The outer npm reads this as its user agent and, like any `npm run`, exports it to the script.
      env: {
        ...process.env,
        npm_config_user_agent: "leaked-outer-agent node/v0.0.0",
        ACP_PANEL_TOOLS_PROBE: "npm-env",
        ACP_PANEL_CACHE: join(scratch, "cache"),
      },
    });
    const line = out.split("\n").find((l) => l.startsWith("user-agent="));
    assert.ok(line, `the probe printed no user agent: ${out}`);
    assert.doesNotMatch(line, /leaked-outer-agent/);
    assert.match(
      line,
      new RegExp(`node/${process.version.replace(/\./g, "\\.")}`),
      "the nested npm computes its own identity",
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
