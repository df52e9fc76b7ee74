/**
 * Issue 16 item 2: an agent that is slow to start (FAKE_AGENT_SLOW_START=<ms>). `initialize` and
 * `session/new` each answer `ms` late, and the new session's config options arrive as a
 * `config_option_update` before the `session/new` result that names the session (as CodeBuddy
 * does), so a client sees the session half-known for a while.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const slowStartConfigOptions = [
  {
    id: "model",
    name: "Model",
    type: "select",
    currentValue: "fast",
    options: [
      { value: "fast", name: "Fast" },
      { value: "deep", name: "Deep" },
    ],
  },
];

export async function slowInitialize<T>(delayMs: number | undefined, answer: () => T): Promise<T> {
  if (delayMs) await sleep(delayMs);
  return answer();
}

/** Sends the early config options, then waits before `answer` (the session/new result). */
export async function slowNewSession(
  delayMs: number | undefined,
  sessionId: string,
  notify: (method: string, params: object) => void,
  answer: object,
): Promise<object> {
  if (!delayMs) return answer;
  notify("session/update", {
    sessionId,
    update: { sessionUpdate: "config_option_update", configOptions: slowStartConfigOptions },
  });
  await sleep(delayMs);
  return { configOptions: slowStartConfigOptions, ...answer };
}
