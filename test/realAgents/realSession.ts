/**
 * One real adapter driven by the host code (ChatSession), with the disk-backed file port, a
 * scripted consent and terminals on, against a fresh fake Anthropic server and fresh directories.
 * `close()` checks what every test must leave behind: no terminal process, no adapter process,
 * nothing left in the adapter's process group.
 */
import { afterEach } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ChatSession } from "../../src/acp/sessions/chatSession";
import { AgentClient } from "../../src/acp/client/connection/agentClient";
import { AgentServices } from "../../src/acp/client/session/agentServices";
import { SessionController } from "../../src/acp/client/session/sessionController";
import { openTransport } from "../../src/acp/client/connection/transports/openTransport";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread, type ToolCallEntry } from "../../src/shared/thread/thread";
import { DiskFiles, ScriptedConsent } from "../support/diskFiles";
import { MemoryCatalog, MemoryLogger, definitionOf, fixedWorkspace, steppingClock } from "../support/memoryPorts";
import { waitFor } from "../support/waitFor";
import type { WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { worktreeWorkspace, type TabWorktree } from "../../src/acp/worktrees/tabWorktree";
import type { Clock, VscodeToolsPort } from "../../src/acp/ports";
import { FakeAnthropic } from "./fakeAnthropic";
import type { Script } from "./anthropicConversation";
import { terminalPids } from "../support/terminalPids";
import {
  adapterEntry,
  adapterLaunch,
  agentDirs,
  childProcessesRunning,
  descendants,
  groupMembers,
  isRunning,
  type AdapterId,
  type AgentDirs,
} from "./realAgent";

export interface WireMessage {
  readonly id?: string | number | null;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly result?: unknown;
  readonly error?: unknown;
}

export interface RealSession {
  readonly id: AdapterId;
  readonly chat: ChatSession;
  readonly logger: MemoryLogger;
  readonly fake: FakeAnthropic;
  readonly dirs: AgentDirs;
  readonly files: DiskFiles;
  readonly thread: () => Thread;
  /** The adapter's pid (its process group leader), once started. */
  readonly pid: () => number | undefined;
  /** Messages on the wire: "in" = agent → client, "out" = client → agent. */
  wire(direction?: "in" | "out"): Array<{ direction: "in" | "out"; message: WireMessage }>;
  /** Agent → client requests of a method. */
  requests(method: string): WireMessage[];
  /** Our answer to the agent's request `id`. */
  answerTo(id: string | number | null | undefined): WireMessage | undefined;
  /** The `session/update` payloads the agent sent. */
  updates(): Array<Record<string, unknown> & { sessionUpdate: string }>;
  /** Start the agent and wait until the session is ready. */
  start(): Promise<void>;
  /** ChatSession.restart(): a new agent process re-opening the last session. */
  restart(): Promise<void>;
  /** Answers the next pending permission with the option of `kind` (as the user would click it). */
  answerNextPermission(
    kind: "allow_once" | "allow_always" | "reject_once" | "reject_always",
  ): Promise<{ optionId: string; name: string }>;
  /** Stops everything, and asserts nothing the agent or its terminals started is still running. */
  close(): Promise<void>;
}

export interface RealSessionOptions {
  /** What the fake model answers; given the workspace path, for absolute tool paths. */
  readonly script?: (workspace: string) => Script;
  /** Files to seed the workspace with, relative path → text. */
  readonly seed?: Record<string, string>;
  /** Reuse directories (a second agent process on the same HOME and workspace). */
  readonly dirs?: AgentDirs;
  readonly fake?: FakeAnthropic;
  /** Offer the VS Code tools, over this port (given the workspace path). */
  readonly vscodeTools?: (workspace: string) => VscodeToolsPort;
  /** The workspace's checkpoints (given the workspace path); none unless told. */
  readonly checkpoints?: (workspace: string) => WorkspaceCheckpoints;
  /** The session's clock (default: one that steps 1 ms per reading). */
  readonly clock?: Clock;
  /**
   * A git worktree of the workspace for the tab to work in (as the SessionManager gives a worktree
   * tab: its cwd and only root; `checkpoints` then gets the worktree's path).
   */
  readonly worktree?: TabWorktree;
}

/**
 * For a test file: opens a started session of adapter `id`, and closes it (with the checks of
 * `close()`) after the test that opened it.
 */
export function sessionsOf(id: AdapterId): (options: RealSessionOptions) => Promise<RealSession> {
  let current: RealSession | undefined;
  afterEach(async () => {
    const session = current;
    current = undefined;
    await session?.close();
  });
  return async (options) => {
    current = await realSession(id, options);
    await current.start();
    return current;
  };
}

export async function realSession(id: AdapterId, options: RealSessionOptions = {}): Promise<RealSession> {
  const fake = options.fake ?? (await FakeAnthropic.start());
  const dirs = options.dirs ?? agentDirs();
  if (options.script) fake.script = options.script(dirs.workspace);
  for (const [path, text] of Object.entries(options.seed ?? {})) writeFileSync(join(dirs.workspace, path), text);
  const logger = new MemoryLogger();
  const files = new DiskFiles();
  const worktree = options.worktree;
  const chat = new ChatSession({
    catalog: new MemoryCatalog([adapterLaunch(id, fake.baseUrl, dirs.home)]),
    workspace: worktree ? worktreeWorkspace(fixedWorkspace(dirs.workspace), worktree) : fixedWorkspace(dirs.workspace),
    ...(worktree ? { worktree } : {}),
    logger,
    clock: options.clock ?? steppingClock(),
    restartDelaysMs: [],
    ...(options.checkpoints ? { checkpoints: options.checkpoints(worktree?.path ?? dirs.workspace) } : {}),
    ports: {
      files,
      consent: new ScriptedConsent(),
      terminals: true,
      ...(options.vscodeTools ? { vscodeTools: options.vscodeTools(dirs.workspace) } : {}),
    },
  });
  chat.refreshAgents();
  let pid: number | undefined;
  const pids: number[] = [];
  const noteProcess = () => {
    const connection = chat.store.state.connection;
    assert.equal(
      connection.status,
      "ready",
      `${id} did not start: ${JSON.stringify(connection)}\n${logger.stderr.slice(-20).join("\n")}`,
    );
    pid = childProcessesRunning(adapterEntry(id)).find((candidate) => !pids.includes(candidate));
    assert.ok(pid, `the ${id} process is a child of the test process`);
    pids.push(pid);
  };
  const wire = (direction?: "in" | "out") =>
    logger.trafficLog
      .filter((line) => direction === undefined || line.direction === direction)
      .map((line) => ({ direction: line.direction, message: JSON.parse(line.text) as WireMessage }));
  const session: RealSession = {
    id,
    chat,
    logger,
    fake,
    dirs,
    files,
    thread: () => chat.store.state.thread,
    pid: () => pid,
    wire,
    requests: (method) =>
      wire("in")
        .map((line) => line.message)
        .filter((message) => message.method === method && message.id !== undefined),
    answerTo: (requestId) =>
      wire("out")
        .map((line) => line.message)
        .find((message) => message.method === undefined && message.id === requestId),
    updates: () =>
      wire("in")
        .map((line) => line.message)
        .filter((message) => message.method === "session/update")
        .map((message) => (message.params as { update: Record<string, unknown> & { sessionUpdate: string } }).update),
    async start() {
      await chat.start();
      noteProcess();
    },
    async restart() {
      await chat.restart();
      noteProcess();
    },
    async answerNextPermission(kind) {
      const [pending] = await waitFor(
        () => chat.store.state.thread.permissions,
        (list) => list.length > 0,
        "a permission request",
        30_000,
      );
      const option = pending!.options.find((candidate) => candidate.kind === kind);
      assert.ok(option, `the permission offers a ${kind} option: ${JSON.stringify(pending!.options)}`);
      chat.answerPermission(pending!.requestId, option.optionId);
      return { optionId: option.optionId, name: option.name };
    },
    async close() {
      // The agent's whole tree (the adapter, the Claude Code CLI it runs, their helpers).
      const tree = pids.flatMap((leader) => [leader, ...descendants(leader).map((p) => p.pid)]);
      try {
        assert.deepEqual(terminalPids(chat), [], "no terminal process outlives the test");
      } finally {
        await chat.dispose();
        if (!options.fake) await fake.close();
      }
      await waitFor(
        () => pids.flatMap((leader) => groupMembers(leader)).map((p) => `${p.pid} ${p.cmdline.slice(0, 120)}`),
        (left) => left.length === 0,
        `the ${id} process groups to be gone`,
        10_000,
      );
      await waitFor(
        () => tree.filter(isRunning),
        (left) => left.length === 0,
        `the ${id} process tree to be gone`,
        10_000,
      );
      if (!options.dirs) dirs.remove();
    },
  };
  return session;
}

/** A fresh AgentClient + SessionController that re-opens `sessionId` with `session/load` (history replayed). */
export async function loadWithReplay(
  id: AdapterId,
  fake: FakeAnthropic,
  dirs: AgentDirs,
  sessionId: string,
): Promise<{
  thread: () => Thread;
  session: SessionController;
  logger: MemoryLogger;
  close(): Promise<void>;
}> {
  const logger = new MemoryLogger();
  const definition = definitionOf(adapterLaunch(id, fake.baseUrl, dirs.home));
  let thread = emptyThread;
  let counter = 0;
  const newId = () => `r${++counter}`;
  const services = new AgentServices({
    agent: id,
    ports: { files: new DiskFiles(), consent: new ScriptedConsent(), terminals: true },
    dispatch: (_sessionId, action) => {
      thread = reduceThread(thread, action);
    },
    newId,
    roots: () => [dirs.workspace],
  });
  const client = new AgentClient(
    definition,
    openTransport(definition, dirs.workspace, undefined, logger),
    services.callbacks,
    logger,
  );
  const stop = async () => {
    await services.dispose();
    await client.stop();
  };
  try {
    await client.initialize();
    const pid = childProcessesRunning(adapterEntry(id))[0];
    const tree = pid === undefined ? [] : [pid, ...descendants(pid).map((p) => p.pid)];
    const session = await SessionController.reopen(
      {
        client,
        cwd: dirs.workspace,
        additionalDirectories: [],
        sink: (action) => {
          thread = reduceThread(thread, action);
        },
        newId,
        clock: steppingClock(),
        logger,
      },
      sessionId,
      true,
    );
    return {
      thread: () => thread,
      session,
      logger,
      close: async () => {
        session.dispose();
        await stop();
        await waitFor(
          () => tree.filter(isRunning),
          (left) => left.length === 0,
          `the reloaded ${id} process tree to be gone`,
          10_000,
        );
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function toolCard(
  thread: Thread,
  predicate: (card: ToolCallEntry) => boolean = () => true,
): ToolCallEntry | undefined {
  return thread.entries.find((entry): entry is ToolCallEntry => entry.kind === "tool_call" && predicate(entry));
}

export function toolCards(thread: Thread): ToolCallEntry[] {
  return thread.entries.filter((entry): entry is ToolCallEntry => entry.kind === "tool_call");
}

export function assistantText(thread: Thread, kind: "message" | "thought" = "message"): string {
  return thread.entries
    .flatMap((entry) =>
      entry.kind === "assistant" ? entry.chunks.filter((chunk) => chunk.kind === kind).map((chunk) => chunk.text) : [],
    )
    .join("");
}

/** Text of a tool card's `content` items. */
export function cardText(card: ToolCallEntry): string {
  return card.content
    .map((item) => (item.type === "content" ? String((item.content as { text?: unknown }).text ?? "") : ""))
    .join("");
}
