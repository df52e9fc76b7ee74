/**
 * Runs one prompt turn: builds the scenario's TurnContext on a connection, records the turn's
 * replayable history (user text, agent text, tool calls) into the store, and turns the
 * scenario's outcome into the `session/prompt` result.
 */
import type { AgentConnection } from "./agent";
import type { RunningTurn } from "./world";
import type { HistoryUpdate } from "./store";
import type { JsonRpcId } from "./wire";
import { pickScenario, type Scenario, type TurnContext, type TurnResult } from "./scenarios";

const REPLAYABLE = new Set(["user_message_chunk", "agent_message_chunk", "tool_call", "tool_call_update"]);

/** `scenario` overrides the pick by prompt text; `background`: a turn no `session/prompt` owns. */
export async function runTurn(
  connection: AgentConnection,
  turn: RunningTurn,
  sessionId: string,
  promptText: string,
  scenario?: Scenario,
  background = false,
): Promise<object> {
  const { world, peer, host } = connection;
  const history: HistoryUpdate[] = [
    { sessionUpdate: "user_message_chunk", content: { type: "text", text: promptText } },
  ];
  let flushed = false;
  const flush = () => {
    if (flushed) return;
    flushed = true;
    world.store.update(
      sessionId,
      (existing) => existing && { ...existing, history: [...existing.history, ...history] },
    );
  };
  const record = (update: HistoryUpdate) => {
    if (!REPLAYABLE.has(update.sessionUpdate)) return;
    const last = history.at(-1);
    const text = (update.content as { text?: unknown } | undefined)?.text;
    if (
      update.sessionUpdate === "agent_message_chunk" &&
      last?.sessionUpdate === "agent_message_chunk" &&
      typeof text === "string"
    ) {
      const previous = (last.content as { text: string }).text;
      history[history.length - 1] = { ...last, content: { type: "text", text: previous + text } };
    } else {
      history.push(update);
    }
  };
  // Sleeps still pending when the turn ends (the losers of a race with a reply or a cancel, or a
  // late update's wait) still fire, but no longer keep the process alive: an in-memory agent shares
  // the test's process, which otherwise waited them out (30 s for one file).
  const sleeping = new Set<NodeJS.Timeout>();
  const words = promptText.trim().split(/\s+/);
  const context: TurnContext = {
    world,
    sessionId,
    promptText,
    args: words.slice(1),
    profile: world.options.profile,
    clientCapabilities: connection.clientCapabilities,
    clientInfo: connection.clientInfo,
    cwd: world.store.get(sessionId)?.cwd ?? process.cwd(),
    background,
    update(update) {
      if (turn.aborted !== undefined) return;
      record(update as HistoryUpdate);
      peer.notify("session/update", { sessionId, update });
    },
    request: (method: string, params: object, id?: JsonRpcId) => peer.request(method, { sessionId, ...params }, id),
    send: (message) => peer.send(message),
    notify: (method, params) => peer.notify(method, params),
    allocateRequestId: () => peer.allocateId(),
    modelStep: (count?: number) => turn.drainSteers(count),
    get steersWaiting() {
      return turn.steersWaiting;
    },
    whenSteered: () => turn.whenSteered(),
    sleep: (ms) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          sleeping.delete(timer);
          resolve(undefined);
        }, ms);
        sleeping.add(timer);
      }),
    get cancelled() {
      return turn.cancelled;
    },
    whenCancelled: () => turn.whenCancelled(),
    async streamText(text, size = 16, delayMs = 10) {
      for (let i = 0; i < text.length; i += size) {
        if (turn.cancelled) return;
        this.update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: text.slice(i, i + size) } });
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    },
    exit(code, stderr) {
      flush();
      host.exit(code, stderr);
      return new Promise<never>(() => undefined);
    },
    disconnect() {
      flush();
      host.disconnect();
      return new Promise<never>(() => undefined);
    },
    closeOutput() {
      flush();
      host.closeOutput();
      return new Promise<never>(() => undefined);
    },
  };
  try {
    const result: TurnResult = await (scenario ?? pickScenario(promptText))(context);
    return typeof result === "string" ? { stopReason: result } : result;
  } finally {
    // Steers still queued were not drained by a model step: the steering handler starts a new turn.
    turn.end();
    flush();
    for (const timer of sleeping) timer.unref();
  }
}
