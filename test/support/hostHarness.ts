/**
 * Drives the real host code (ChatSession, or AgentClient + SessionController) against the fake
 * agent, with everything a test starts registered for cleanup. Readers of the thread it makes are
 * in threadReaders.ts.
 */
import { tmpdir } from "node:os";
import { AgentClient, type AgentClientOptions } from "../../src/acp/client/connection/agentClient";
import { ChatSession, type ChatSessionDeps } from "../../src/acp/sessions/chatSession";
import { SessionController } from "../../src/acp/client/session/sessionController";
import type { SessionContext } from "../../src/acp/client/session/sessionContext";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import type { ClientCallbacks } from "../../src/acp/client/connection/clientCallbacks";
import type { AgentLaunch, Clock } from "../../src/acp/ports";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import type { ThreadAction } from "../../src/shared/thread/threadActions";
import { MemoryLogger, definitionOf, steppingClock } from "./memoryPorts";
import { hostDeps } from "./hostDeps";
import { waitForReply } from "./threadReaders";
import { testTransports } from "./memoryTransport";

/** Folds a session's actions into a thread, as the panel store does. */
export class ThreadRecorder {
  thread: Thread = emptyThread;
  readonly actions: ThreadAction[] = [];
  private counter = 0;
  readonly sink = (action: ThreadAction): void => {
    this.actions.push(action);
    this.thread = reduceThread(this.thread, action);
  };
  readonly newId = (): string => `t${++this.counter}`;
}

/** Everything a test started, stopped after it. */
export class Cleanup {
  private readonly tasks: Array<() => Promise<unknown> | unknown> = [];
  add(task: () => Promise<unknown> | unknown): void {
    this.tasks.push(task);
  }
  async run(): Promise<void> {
    for (const task of this.tasks.splice(0).reverse())
      await Promise.resolve()
        .then(task)
        .catch(() => undefined);
  }
}

export interface ConnectOptions {
  readonly callbacks?: ClientCallbacks;
  readonly logger?: MemoryLogger;
  readonly clientOptions?: AgentClientOptions;
  readonly cwd?: string;
}

/** Opens the definition's transport (in memory for `fakeAgent`) and an AgentClient on it (not yet initialized). */
export function openClient(cleanup: Cleanup, definition: AgentDefinition, options: ConnectOptions = {}): AgentClient {
  const logger = options.logger ?? new MemoryLogger();
  const transport = testTransports(definition, options.cwd ?? tmpdir(), undefined, logger);
  const client = new AgentClient(definition, transport, options.callbacks ?? {}, logger, options.clientOptions);
  cleanup.add(() => client.stop());
  return client;
}

/** A connected, initialized AgentClient. */
export async function connect(
  cleanup: Cleanup,
  agent: AgentLaunch | AgentDefinition,
  options: ConnectOptions = {},
): Promise<AgentClient> {
  const client = openClient(cleanup, "transport" in agent ? agent : definitionOf(agent), options);
  await client.initialize();
  return client;
}

export function contextFor(
  client: AgentClient,
  recorder: ThreadRecorder,
  logger = new MemoryLogger(),
  cwd = tmpdir(),
  clock: Clock = steppingClock(),
): SessionContext {
  return { client, cwd, additionalDirectories: [], sink: recorder.sink, newId: recorder.newId, clock, logger };
}

/** `session/new` on a connected client, with its own recorder. */
export async function newSession(
  client: AgentClient,
  logger?: MemoryLogger,
  clock?: Clock,
): Promise<{ session: SessionController; recorder: ThreadRecorder }> {
  const recorder = new ThreadRecorder();
  const session = await SessionController.create(contextFor(client, recorder, logger, tmpdir(), clock));
  return { session, recorder };
}

/** A ChatSession over the given agents (the first is the default), without automatic restarts. */
export function chatSession(
  cleanup: Cleanup,
  agents: Array<AgentLaunch | AgentDefinition>,
  deps: Partial<ChatSessionDeps> = {},
): { chat: ChatSession; logger: MemoryLogger } {
  const logger = new MemoryLogger();
  const chat = new ChatSession(hostDeps(agents, { logger, ...deps }));
  chat.refreshAgents();
  cleanup.add(() => chat.dispose());
  return { chat, logger };
}

/** A chatSession, started: its agent runs and its session is open. */
export async function startedChat(
  cleanup: Cleanup,
  agents: Array<AgentLaunch | AgentDefinition>,
  deps: Partial<ChatSessionDeps> = {},
): Promise<{ chat: ChatSession; logger: MemoryLogger }> {
  const made = chatSession(cleanup, agents, deps);
  await made.chat.start();
  return made;
}

/**
 * A started chat whose turn for `prompt` is under way: its text has reached "step 2." (the `long`,
 * `ignore-cancel` and `crash-late` scenarios tick in numbered steps). `turn` is the prompt's promise.
 */
export async function turnUnderWay(
  cleanup: Cleanup,
  agent: AgentLaunch,
  prompt: string,
  deps: Partial<ChatSessionDeps> = {},
): Promise<{ chat: ChatSession; logger: MemoryLogger; turn: Promise<void> }> {
  const started = await startedChat(cleanup, [agent], deps);
  const turn = started.chat.prompt(prompt);
  await waitForReply(started.chat, (text) => text.includes("step 2."), "the turn streams");
  return { ...started, turn };
}
