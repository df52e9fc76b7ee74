/** Readers of a fake agent's wire log: its requests to the client paired with the client's answers. */
import type { FakeAgentHandle, WireMessage } from "./fakeAgentLaunch";

export interface Exchange {
  readonly id: unknown;
  readonly method: string;
  readonly params: Record<string, unknown>;
  /** The client's answer: `{ result }` or `{ error }`; undefined while unanswered. */
  readonly answer?: { readonly result?: unknown; readonly error?: { code: number; message: string; data?: unknown } };
}

/** Agent → client requests in the order sent (optionally only those whose method matches), with their answers. */
export function exchanges(agent: FakeAgentHandle, method?: RegExp): Exchange[] {
  const answers = new Map<string, WireMessage>();
  for (const message of agent.received()) {
    if (message.method === undefined && message.id !== undefined) answers.set(JSON.stringify(message.id), message);
  }
  return agent
    .sent()
    .filter(
      (message) =>
        message.method !== undefined &&
        message.id !== undefined &&
        message.id !== null &&
        (!method || method.test(message.method)),
    )
    .map((message) => {
      const answer = answers.get(JSON.stringify(message.id));
      return {
        id: message.id,
        method: message.method!,
        params: (message.params ?? {}) as Record<string, unknown>,
        ...(answer
          ? {
              answer:
                answer.error !== undefined
                  ? { error: answer.error as { code: number; message: string } }
                  : { result: answer.result },
            }
          : {}),
      };
    });
}

/** The methods of everything the agent sent (requests and notifications), `session/update` shown as its kind. */
export function sentTimeline(agent: FakeAgentHandle): string[] {
  return agent.sent().map((message) => {
    if (message.method === "session/update")
      return `update:${String((message.params as { update?: { sessionUpdate?: unknown } }).update?.sessionUpdate)}`;
    if (message.method !== undefined) return message.method;
    return `response:${JSON.stringify(message.id)}`;
  });
}

/** The agent's answer to the client's request with this method (the n-th one). */
export function agentAnswer(agent: FakeAgentHandle, method: string, nth = 0): WireMessage | undefined {
  const request = agent.received().filter((message) => message.method === method && message.id !== undefined)[nth];
  if (!request) return undefined;
  return agent
    .sent()
    .find((message) => message.method === undefined && JSON.stringify(message.id) === JSON.stringify(request.id));
}

/** The first text block of each `session/prompt` the agent received, in order. */
export function promptTexts(agent: FakeAgentHandle): string[] {
  return agent
    .received()
    .filter((m) => m.method === "session/prompt")
    .map((m) => (m.params as { prompt: Array<{ text?: string }> }).prompt[0]?.text ?? "");
}
