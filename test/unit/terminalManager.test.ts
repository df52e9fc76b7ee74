/** terminal/* at the port level: shell lines, args, env, output limits, kill, release, no orphans. */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { tmpdir } from "node:os";
import {
  TerminalManager,
  keepLastBytes,
  MAX_OUTPUT_BYTE_LIMIT,
  MAX_TERMINALS_PER_SESSION,
} from "../../src/acp/client/callbacks/terminalManager";
import { LIMIT_REACHED } from "../../src/acp/client/connection/connection";

const managers: TerminalManager[] = [];
after(async () => Promise.all(managers.map((m) => m.dispose())));

function manager() {
  const events: string[] = [];
  const m = new TerminalManager({
    defaultCwd: () => tmpdir(),
    events: {
      created: (_s, id, cmd) => events.push(`created ${id} ${cmd}`),
      exited: (_s, id, exit) => events.push(`exited ${id} ${exit.exitCode}`),
    },
  });
  managers.push(m);
  return { m, events };
}
const never = new AbortController().signal;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test("a command with no args runs as one shell line, in the session cwd", async () => {
  const { m, events } = manager();
  const { terminalId } = await m.create({ sessionId: "s", command: "echo $PWD && echo two | tr a-z A-Z" });
  assert.deepEqual(await m.waitForExit({ sessionId: "s", terminalId }, never), { exitCode: 0, signal: null });
  const out = await m.output({ sessionId: "s", terminalId });
  assert.equal(out.output, `${tmpdir()}\nTWO\n`);
  assert.deepEqual(out.exitStatus, { exitCode: 0, signal: null });
  assert.equal(events[0], `created ${terminalId} echo $PWD && echo two | tr a-z A-Z`);
});

test("command + args + env + cwd are used as given; a non-zero exit is reported", async () => {
  const { m } = manager();
  const { terminalId } = await m.create({
    sessionId: "s",
    command: "sh",
    args: ["-c", 'printf "%s" "$GREETING"; exit 2'],
    env: [{ name: "GREETING", value: "hi there" }],
    cwd: "/",
  });
  assert.deepEqual(await m.waitForExit({ sessionId: "s", terminalId }, never), { exitCode: 2, signal: null });
  assert.equal((await m.output({ sessionId: "s", terminalId })).output, "hi there");
});

test("output over outputByteLimit is truncated from the start on a character boundary", async () => {
  const { m } = manager();
  // 'é' is 2 bytes: a 5-byte limit must not split one.
  const { terminalId } = await m.create({ sessionId: "s", command: "printf 'aaaaéééé'", outputByteLimit: 5 });
  await m.waitForExit({ sessionId: "s", terminalId }, never);
  const out = await m.output({ sessionId: "s", terminalId });
  assert.equal(out.truncated, true);
  assert.equal(out.output, "éé");
  assert.equal(keepLastBytes("abcé", 2), "é");
  assert.equal(keepLastBytes("abcé", 1), "");
});

test("kill stops the process group, reports the signal, and keeps the terminal queryable", async () => {
  const { m } = manager();
  const { terminalId } = await m.create({ sessionId: "s", command: "sleep 30 & sleep 30; wait" });
  const [pid] = m.runningPids();
  assert.ok(pid);
  await m.kill({ sessionId: "s", terminalId });
  const out = await m.output({ sessionId: "s", terminalId });
  assert.equal(out.exitStatus?.signal, "SIGTERM");
  assert.equal(alive(pid!), false);
  assert.deepEqual(m.runningPids(), []);
});

test("the user's kill ends only its own session's running terminal, which stays queryable; other ids are ignored", async () => {
  const { m } = manager();
  const mine = await m.create({ sessionId: "s", command: "echo started; sleep 30" });
  const theirs = await m.create({ sessionId: "other", command: "sleep 30" });
  const waiting = m.waitForExit({ sessionId: "s", terminalId: mine.terminalId }, never);
  assert.equal(await m.killOwned("s", "term-999"), false, "an unknown id");
  assert.equal(await m.killOwned("s", theirs.terminalId), false, "another session's terminal");
  assert.equal(m.runningPids().length, 2, "nothing was killed");
  assert.equal(await m.killOwned("s", mine.terminalId), true);
  assert.deepEqual(await waiting, { exitCode: null, signal: "SIGTERM" }, "the agent's wait sees the exit");
  assert.deepEqual((await m.output({ sessionId: "s", terminalId: mine.terminalId })).exitStatus, {
    exitCode: null,
    signal: "SIGTERM",
  });
  assert.equal(await m.killOwned("s", mine.terminalId), false, "an exited terminal: nothing to kill");
  assert.equal(m.runningPids().length, 1, "the other session's command still runs");
  await m.releaseSession("other");
});

test("release after exit frees the id: later calls are -32002", async () => {
  const { m } = manager();
  const { terminalId } = await m.create({ sessionId: "s", command: "true" });
  await m.waitForExit({ sessionId: "s", terminalId }, never);
  await m.release({ sessionId: "s", terminalId });
  await assert.rejects(m.output({ sessionId: "s", terminalId }), (error: { code?: number }) => error.code === -32002);
  await assert.rejects(
    m.kill({ sessionId: "s", terminalId: "term-999" }),
    (error: { code?: number }) => error.code === -32002,
  );
});

test("release of a running command kills it and its children", async () => {
  const { m } = manager();
  const { terminalId } = await m.create({ sessionId: "s", command: "sleep 30 & echo started; wait" });
  const [pid] = m.runningPids();
  await m.release({ sessionId: "s", terminalId });
  assert.equal(alive(pid!), false);
});

test("wait_for_exit honours the agent's cancellation", async () => {
  const { m } = manager();
  const { terminalId } = await m.create({ sessionId: "s", command: "sleep 30" });
  const abort = new AbortController();
  const waiting = m.waitForExit({ sessionId: "s", terminalId }, abort.signal);
  abort.abort();
  await assert.rejects(waiting, (error: { code?: number }) => error.code === -32800);
  await m.dispose();
  assert.deepEqual(m.runningPids(), []);
});

test("a session may hold only so many terminals; the agent gets a clear error, other sessions are unaffected", async () => {
  const { m } = manager();
  const running: string[] = [];
  for (let i = 0; i < MAX_TERMINALS_PER_SESSION; i++)
    running.push((await m.create({ sessionId: "s", command: "sleep 30" })).terminalId);
  await assert.rejects(
    m.create({ sessionId: "s", command: "sleep 30" }),
    (error: { code?: number; message?: string }) => {
      assert.equal(error.code, LIMIT_REACHED);
      assert.match(error.message ?? "", new RegExp(`at most ${MAX_TERMINALS_PER_SESSION} open terminals per session`));
      return true;
    },
  );
  assert.equal(m.runningPids().length, MAX_TERMINALS_PER_SESSION, "nothing was spawned for the refused request");
  const other = await m.create({ sessionId: "other", command: "true" });
  await m.waitForExit({ sessionId: "other", terminalId: other.terminalId }, never);
  await m.release({ sessionId: "s", terminalId: running[0]! });
  await m.create({ sessionId: "s", command: "true" });
  await m.releaseSession("s");
});

test("terminals that exited but were never released make room: the oldest is forgotten", async () => {
  const { m } = manager();
  const ids: string[] = [];
  for (let i = 0; i < MAX_TERMINALS_PER_SESSION; i++) {
    const { terminalId } = await m.create({ sessionId: "s", command: "true" });
    await m.waitForExit({ sessionId: "s", terminalId }, never);
    ids.push(terminalId);
  }
  await m.create({ sessionId: "s", command: "true" });
  await assert.rejects(m.output({ sessionId: "s", terminalId: ids[0]! }), { code: -32002 });
  assert.ok(await m.output({ sessionId: "s", terminalId: ids[1]! }));
});

test("an agent's outputByteLimit is clamped to a sane maximum", async () => {
  const { m } = manager();
  const bytes = MAX_OUTPUT_BYTE_LIMIT + 512 * 1024;
  const { terminalId } = await m.create({
    sessionId: "s",
    command: `head -c ${bytes} /dev/zero | tr '\\0' a`,
    outputByteLimit: 2 ** 40,
  });
  await m.waitForExit({ sessionId: "s", terminalId }, never);
  const out = await m.output({ sessionId: "s", terminalId });
  assert.equal(out.truncated, true);
  assert.equal(out.output.length, MAX_OUTPUT_BYTE_LIMIT);
});
