/**
 * An agent that exits at start is reported with the last words it wrote to stderr, even when its
 * exit is seen before those words are read: the report waits for stderr's end. Here the words
 * come from a process outside the agent's group that holds its stderr, and write only once the
 * agent is gone, so the exit is always seen first.
 */
import { afterEach, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Cleanup, chatSession } from "../support/hostHarness";
import { scratchDir } from "../support/scratchDir";
import { waitFor } from "../support/waitFor";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test(
  "an agent whose last stderr words are read after its exit is reported with them",
  { skip: process.platform === "win32" && "a POSIX shell and setsid" },
  async () => {
    const dir = scratchDir("acp-exit-stderr-");
    const pidFile = join(dir, "agent.pid");
    const go = join(dir, "go");
    // setsid: its own group, so the agent's group kill at exit leaves it; it keeps stderr open.
    const script = [
      `echo $$ > "${pidFile}"`,
      `setsid sh -c 'while [ ! -e "${go}" ]; do sleep 0.02; done; echo "fatal: the reason, written last" >&2' &`,
      "exit 7",
    ].join("\n");
    const { chat } = chatSession(cleanup, [{ name: "Late", command: "/bin/sh", args: ["-c", script], env: {} }]);
    const starting = chat.start();
    const pid = await waitFor(
      () => (existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8")) : 0),
      (value) => value > 0 && !alive(value),
      "the agent to have exited",
    );
    assert.ok(pid > 0);
    writeFileSync(go, "");
    await starting;
    const { connection } = chat.store.state;
    assert.equal(connection.status === "failed" && connection.message, "The agent exited with code 7.");
    assert.match(
      connection.status === "failed" ? (connection.details ?? "") : "",
      /Last output on stderr:\nfatal: the reason, written last/,
    );
  },
);
