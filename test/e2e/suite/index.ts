/**
 * Extension-host test entry (the `extensionTestsPath` contract of @vscode/test-electron): VS Code
 * loads out/test/suite/index.js (bundled by esbuild.mjs, `mocha` and `vscode` external) in the
 * node extension host of code-server and awaits `run()`. test/harness/extensionHost.ts opens the
 * workbench with ?payload= and reads the JSON result file named by $E2E_TEST_RESULT.
 *
 * The suites are bundled into this file, so they are imported lazily after mocha has installed
 * its `suite`/`test` globals (what `mocha.addFile` does for files on disk).
 */
import { writeFileSync } from "node:fs";
import Mocha from "mocha";

/** One mocha test's outcome, as written to the result file. */
export interface SuiteTestResult {
  readonly title: string;
  readonly state: "passed" | "failed" | "pending";
  readonly durationMs: number;
  readonly error?: string;
}

export interface SuiteResult {
  readonly passes: number;
  readonly failures: number;
  readonly tests: readonly SuiteTestResult[];
}

/** The suites, by name; each module registers its tests with the tdd globals when imported. */
const suites: Record<string, () => Promise<unknown>> = {
  activation: () => import("./activation.suite"),
};

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: "tdd", color: false, timeout: 30_000, reporter: "spec" });
  for (const [name, load] of Object.entries(suites)) {
    mocha.suite.emit(Mocha.Suite.constants.EVENT_FILE_PRE_REQUIRE, globalThis, name, mocha);
    await load();
    mocha.suite.emit(Mocha.Suite.constants.EVENT_FILE_POST_REQUIRE, globalThis, name, mocha);
  }
  const tests: SuiteTestResult[] = [];
  const failures = await new Promise<number>((resolve) => {
    const runner = mocha.run(resolve);
    const { EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING } = Mocha.Runner.constants;
    runner.on(EVENT_TEST_PASS, (test) =>
      tests.push({ title: test.fullTitle(), state: "passed", durationMs: test.duration ?? 0 }),
    );
    runner.on(EVENT_TEST_PENDING, (test) => tests.push({ title: test.fullTitle(), state: "pending", durationMs: 0 }));
    runner.on(EVENT_TEST_FAIL, (test, error: Error) =>
      tests.push({
        title: test.fullTitle(),
        state: "failed",
        durationMs: test.duration ?? 0,
        error: error.stack ?? String(error),
      }),
    );
  });
  const result: SuiteResult = { passes: tests.filter((t) => t.state === "passed").length, failures, tests };
  const out = process.env.E2E_TEST_RESULT;
  if (out) writeFileSync(out, JSON.stringify(result, null, 2));
  if (failures > 0) throw new Error(`${failures} extension-host test(s) failed.`);
}
