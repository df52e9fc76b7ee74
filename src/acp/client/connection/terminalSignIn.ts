/**
 * What a terminal sign-in runs: the agent's own command with the args and env its auth method
 * asks to add, started where a launch of that command would start (packageRunner.ts: a package
 * runner in the private launch folder, `PWD` included), so a cloned repository's `.npmrc` never
 * picks the registry the sign-in code comes from. The user sees `commandLine`, `directory` and the
 * method's env and says yes before it runs, even when the agent offers only that one method.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { AgentDefinition } from "../../agents/agentDefinition";
import { launchSite } from "./packageRunner";

export interface TerminalSignIn {
  /** The agent's display name. */
  readonly agent: string;
  readonly command: string;
  /** The agent's configured args, then the method's. */
  readonly args: readonly string[];
  /** Everything the terminal gets on top of VS Code's own environment (the agent's env, the method's, PWD). */
  readonly env: Readonly<Record<string, string>>;
  /** The launch directory: the runners' private folder for npx & co., else the workspace. */
  readonly directory: string;
  /** The exact command line, quoted for display (nothing in it can hide or redraw a part). */
  readonly commandLine: string;
  /** The env the agent's method asks to add, as `NAME=value` for display (the agent's configured env may hold secrets). */
  readonly addedEnv: readonly string[];
}

/** Where the session runs (the workspace) and the extension's storage (the runners' private folder is in it). */
export interface LaunchPlace {
  readonly cwd: string;
  readonly runnerBase?: string;
}

export function terminalSignIn(
  definition: AgentDefinition,
  method: acp.AuthMethodTerminal,
  place: LaunchPlace,
): TerminalSignIn {
  const args = [...definition.args, ...(method.args ?? [])];
  const site = launchSite({ command: definition.command, args }, place.cwd, place.runnerBase);
  const methodEnv = method.env ?? {};
  return {
    agent: definition.name,
    command: definition.command,
    args,
    env: { ...definition.env, ...methodEnv, ...site.env },
    directory: site.directory,
    commandLine: [definition.command, ...args].map(displayWord).join(" "),
    addedEnv: Object.entries(methodEnv).map(([name, value]) => `${displayWord(name)}=${displayWord(value)}`),
  };
}

/** Control, bidi and invisible format characters: they could make a shown command read as another one. */
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/;
const ALL_HIDDEN = new RegExp(HIDDEN.source, "g");

/** A word as the user should read it: quoted when empty or holding spaces, quotes or hidden characters (escaped). */
export function displayWord(word: string): string {
  if (word !== "" && !/[\s"'\\`$]/.test(word) && !HIDDEN.test(word)) return word;
  return JSON.stringify(word).replace(ALL_HIDDEN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
