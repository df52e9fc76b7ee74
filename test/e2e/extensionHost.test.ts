/**
 * The mocha suites of test/e2e/suite/ run inside code-server's extension host (the repo as the
 * development extension); each mocha test is reported here as a subtest.
 */
import * as assert from "node:assert/strict";
import { it } from "node:test";
import { runExtensionHostTests } from "../harness/extensionHost";

it("extension-host suites", { timeout: 300_000 }, async (t) => {
  const run = await runExtensionHostTests();
  t.diagnostic(`extension host run: ${(run.ms / 1000).toFixed(1)} s, exit ${run.exitCode}`);
  for (const test of run.result?.tests ?? []) {
    await t.test(test.title, { skip: test.state === "pending" }, () => {
      if (test.state === "failed") throw new Error(test.error ?? "failed");
    });
  }
  if (run.exitCode !== 0 || !run.result) {
    for (const line of run.log.slice(-40)) t.diagnostic(line.slice(0, 400));
    t.diagnostic(`server log: ${run.serverLog}`);
  }
  assert.ok(run.result, "the suite wrote its result file");
  assert.ok(run.result.tests.length > 0, "the suite ran tests");
  assert.equal(run.exitCode, 0, "the workbench reported success");
});
