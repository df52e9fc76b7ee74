/**
 * A real ChatSession steering the fake Bub (docs/reference/bub-and-lody.md §8, §13), or queueing for
 * the default fake agent, and readers of what went where: steer entries, panel actions, the
 * agent's answers in its output.
 */
import { agentPresets } from "../../src/acp/agents/agentPresets";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import type { PanelAction } from "../../src/shared/wire/panelState";
import type { Thread, UserEntry } from "../../src/shared/thread/thread";
import { fakeAgent, type FakeAgentHandle } from "./fakeAgentLaunch";
import { ManualClock, definitionOf } from "./memoryPorts";
import { type Cleanup, chatSession } from "./hostHarness";
import { entriesOf } from "./threadReaders";
import { agentAnswer } from "./wireLog";

/** The Bub preset (Lody steering with a steerId) launching the fake agent. */
function lodyBub(agent: FakeAgentHandle): AgentDefinition {
  const preset = agentPresets.find((candidate) => candidate.name === "Bub")!;
  return { ...preset, command: agent.launch.command, args: agent.launch.args, env: agent.launch.env };
}

/**
 * A started session: `lody` is the Bub preset, `plain` Bub without it (`_session/steering`),
 * `default` the fake agent that cannot steer (the queue). Collects the panel's actions and what
 * went back to the composer.
 */
export async function steeringChat(cleanup: Cleanup, kind: "lody" | "plain" | "default") {
  const agent = fakeAgent(kind === "default" ? "Fake" : "Bub", {
    FAKE_AGENT_PROFILE: kind === "default" ? "default" : "bub",
  });
  const returned: string[] = [];
  // The unowned turn's quiet period runs on this clock: tests move it instead of waiting 3 s.
  const clock = new ManualClock();
  const { chat } = chatSession(cleanup, [kind === "lody" ? lodyBub(agent) : definitionOf(agent.launch)], {
    clock,
    returnToComposer: (text) => returned.push(text),
  });
  const actions: PanelAction[] = [];
  chat.store.subscribe((action) => actions.push(action));
  await chat.start();
  return { agent, chat, actions, returned, clock };
}

/** The thread's user entries that were sent as steers. */
export const steers = (thread: Thread): UserEntry[] =>
  entriesOf(thread, "user").filter((entry) => entry.steer !== undefined);

/** Position of the first action of `type` at or after `from`; -1 if none. */
export const actionIndex = (actions: PanelAction[], type: string, from = 0) =>
  actions.findIndex((action, at) => at >= from && action.type === type);

/** Position of the agent's answer to the client's n-th `method` request in the agent's output. */
export function answerAt(agent: FakeAgentHandle, method: string, nth = 0): number {
  const answer = agentAnswer(agent, method, nth);
  return agent
    .sent()
    .findIndex(
      (message) =>
        message === answer ||
        (answer !== undefined &&
          message.method === undefined &&
          JSON.stringify(message.id) === JSON.stringify(answer.id)),
    );
}
