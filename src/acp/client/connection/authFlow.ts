/**
 * Authentication on `-32000` (Authentication required): the user picks one of the agent's
 * `authMethods`. "agent" methods go through `authenticate`; "terminal" methods run the agent's
 * own command with the method's args/env in a terminal, after which the agent is restarted.
 * Then the call that failed is retried once.
 *
 * A terminal method runs code, so it is planned like a launch (terminalSignIn.ts: the same
 * launch folder, PWD included) and confirmed with its exact command line before it runs, even
 * when it is the agent's only method.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { AgentClient } from "./agentClient";
import { terminalSignIn, type LaunchPlace } from "./terminalSignIn";
import type { AuthPrompt } from "../../ports";

export const AUTH_REQUIRED = -32000;

export function isAuthRequired(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === AUTH_REQUIRED;
}

export type AuthOutcome = "authenticated" | "restart-needed" | "declined";

/** By the tag as sent: `initialize`'s answer is not validated, and newer agents send other tags (`env_var`). */
function isTerminal(method: acp.AuthMethod): method is acp.AuthMethodTerminal {
  return "type" in method && (method as { type?: unknown }).type === "terminal";
}

export async function authenticate(client: AgentClient, prompt: AuthPrompt, place: LaunchPlace): Promise<AuthOutcome> {
  // A terminal method runs the agent's own program. A network agent has none here: VS Code would
  // open the user's shell with the env the server chose (PROMPT_COMMAND=…), so it gets no such method.
  const local = client.definition.transport === "stdio" && client.definition.command !== "";
  const methods = (client.init.authMethods ?? []).filter((method) => local || !isTerminal(method));
  if (methods.length === 0) return "declined";
  const method = methods.length === 1 ? methods[0] : await prompt.choose(client.name, methods);
  if (!method) return "declined";
  if (isTerminal(method)) {
    const signIn = terminalSignIn(client.definition, method, place);
    if (!(await prompt.confirmTerminalLogin(signIn))) return "declined";
    return (await prompt.runTerminalLogin(signIn)) ? "restart-needed" : "declined";
  }
  await client.connection.authenticate(method.id);
  return "authenticated";
}
