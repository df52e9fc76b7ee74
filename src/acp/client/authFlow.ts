/**
 * Authentication on `-32000` (Authentication required): the user picks one of the agent's
 * `authMethods`. "agent" methods go through `authenticate`; "terminal" methods run the agent's
 * own command with the method's args/env in a terminal, after which the agent is restarted.
 * Then the call that failed is retried once.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { AgentClient } from "./agentClient";
import type { AgentDefinition } from "../agents/agentDefinition";

export interface AuthPrompt {
  /** Ask which method to use; undefined = the user declined. */
  choose(agent: string, methods: readonly acp.AuthMethod[]): Promise<acp.AuthMethod | undefined>;
  /** Run `definition.command` + method args in an interactive terminal; true on exit code 0. */
  runTerminalLogin(definition: AgentDefinition, method: acp.AuthMethod & { type: "terminal" }): Promise<boolean>;
}

export const AUTH_REQUIRED = -32000;

export function isAuthRequired(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === AUTH_REQUIRED;
}

export type AuthOutcome = "authenticated" | "restart-needed" | "declined";

export async function authenticate(client: AgentClient, prompt: AuthPrompt): Promise<AuthOutcome> {
  const methods = client.init.authMethods ?? [];
  if (methods.length === 0) return "declined";
  const method = methods.length === 1 ? methods[0] : await prompt.choose(client.name, methods);
  if (!method) return "declined";
  if ("type" in method && method.type === "terminal") {
    const terminalMethod = method as acp.AuthMethod & { type: "terminal" };
    return (await prompt.runTerminalLogin(client.definition, terminalMethod)) ? "restart-needed" : "declined";
  }
  await client.connection.authenticate(method.id);
  return "authenticated";
}
