/**
 * Issue 29: one agent process per agent. Tabs of the same launch share one client (refcounted),
 * an entry with `processPerSession` gets its own, and the last tab's release stops the process
 * only after the grace period (a ManualClock moves it), unless a tab takes it over meanwhile.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { AnyMessage } from "@agentclientprotocol/sdk";
import { AgentProcesses, PROCESS_GRACE_MS, type AgentLaunchRequest } from "../../src/acp/client/session/agentProcesses";
import type { AgentTransport } from "../../src/acp/client/connection/transports/agentTransport";
import type { FailureReport } from "../../src/acp/client/connection/agentErrors";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import { ManualClock, MemoryLogger } from "../support/memoryPorts";

/** A transport with no process behind it: counts its starts and stops, and can "crash". */
class MemoryTransports {
  started = 0;
  stopped = 0;
  private readonly crashes: Array<() => void> = [];

  open = (): AgentTransport => {
    this.started += 1;
    let close!: () => void;
    const readable = new ReadableStream<AnyMessage>({ start: (controller) => (close = () => controller.close()) });
    let hasEnded = false;
    let resolveEnded!: (report: FailureReport) => void;
    const ended = new Promise<FailureReport>((resolve) => (resolveEnded = resolve));
    const end = (message: string) => {
      if (hasEnded) return;
      hasEnded = true;
      close();
      resolveEnded({ message });
    };
    this.crashes.push(() => end("The agent exited with code 3."));
    return {
      stream: { readable, writable: new WritableStream<AnyMessage>() },
      ended,
      get hasEnded() {
        return hasEnded;
      },
      description: "memory",
      stop: async () => {
        this.stopped += 1;
        end("stopped");
      },
    };
  };

  crashLast(): void {
    this.crashes.at(-1)?.();
  }
}

function definition(overrides: Partial<AgentDefinition> = {}): AgentDefinition {
  return {
    name: "Fake",
    transport: "stdio",
    command: "fake-agent",
    args: ["--acp"],
    env: {},
    defaultConfig: {},
    mcpServers: [],
    ...overrides,
  };
}

function setup(graceMs?: number) {
  const clock = new ManualClock();
  const transports = new MemoryTransports();
  const processes = new AgentProcesses({
    clock,
    logger: new MemoryLogger(),
    ...(graceMs === undefined ? {} : { graceMs }),
  });
  const request = (overrides: Partial<AgentDefinition> = {}, cwd = "/work/project"): AgentLaunchRequest => ({
    definition: definition(overrides),
    cwd,
    open: transports.open,
    callbacks: {},
  });
  return { clock, transports, processes, request };
}

test("tabs of the same launch share one client; another cwd, env, args or processPerSession starts its own", async () => {
  const { transports, processes, request } = setup();
  const a = processes.acquire(request());
  const b = processes.acquire(request());
  const c = processes.acquire(request());
  assert.equal(a.client, b.client);
  assert.equal(b.client, c.client);
  assert.equal(processes.holders(a.client), 3);
  assert.equal(transports.started, 1);
  const others = [
    processes.acquire(request({}, "/work/other")),
    processes.acquire(request({ env: { TOKEN: "x" } })),
    processes.acquire(request({ args: ["--acp", "--verbose"] })),
    processes.acquire(request({ processPerSession: true })),
    processes.acquire(request({ processPerSession: true })),
  ];
  assert.equal(new Set([a.client, ...others.map((lease) => lease.client)]).size, 6);
  assert.equal(transports.started, 6);
  await processes.dispose();
  assert.equal(transports.stopped, 6, "dispose stops every process");
});

test("the process outlives its last tab by the grace period, then stops", async () => {
  const { clock, transports, processes, request } = setup();
  const leases = [processes.acquire(request()), processes.acquire(request())];
  await leases[0]!.release();
  await leases[0]!.release(); // a second release of the same lease counts once
  assert.equal(processes.holders(leases[1]!.client), 1);
  await leases[1]!.release();
  assert.equal(transports.stopped, 0, "not stopped when the last tab lets go");
  assert.deepEqual(clock.pending(), [PROCESS_GRACE_MS]);
  clock.advance(PROCESS_GRACE_MS - 1);
  assert.equal(transports.stopped, 0);
  clock.advance(1);
  assert.equal(transports.stopped, 1, "stopped once the grace period is over");
  processes.acquire(request());
  assert.equal(transports.started, 2, "the next tab starts a new process");
  await processes.dispose();
});

test("a tab opened during the grace period takes the process over and cancels the stop", async () => {
  const { clock, transports, processes, request } = setup();
  const first = processes.acquire(request());
  await first.release();
  const again = processes.acquire(request());
  assert.equal(again.client, first.client);
  assert.deepEqual(clock.pending(), [], "the pending stop is cancelled");
  clock.advance(PROCESS_GRACE_MS * 2);
  assert.equal(transports.stopped, 0);
  assert.equal(transports.started, 1);
  await processes.dispose();
});

test("processPerSession, and a grace of 0, stop the process with its tab", async () => {
  const { clock, transports, processes, request } = setup();
  const own = processes.acquire(request({ processPerSession: true }));
  await own.release();
  assert.equal(transports.stopped, 1);
  assert.deepEqual(clock.pending(), []);
  const immediate = setup(0);
  await immediate.processes.acquire(immediate.request()).release();
  assert.equal(immediate.transports.stopped, 1);
});

test("a process that crashed, or was retired, is never handed to a new tab", async () => {
  const { transports, processes, request } = setup();
  const a = processes.acquire(request());
  const b = processes.acquire(request());
  transports.crashLast();
  await a.client.ended;
  const c = processes.acquire(request());
  assert.notEqual(c.client, a.client, "a restart after the crash gets a new process");
  assert.equal(processes.acquire(request()).client, c.client, "and the other tabs join that one");
  assert.equal(transports.started, 2);
  c.client.retire();
  assert.notEqual(processes.acquire(request()).client, c.client, "a retired process takes no new tab");
  await Promise.all([a.release(), b.release()]);
  await processes.dispose();
});
