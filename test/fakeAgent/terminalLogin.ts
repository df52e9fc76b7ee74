/**
 * Terminal sign-in (FAKE_AGENT_AUTH=terminal with FAKE_AGENT_LOGIN_REPORT=<file>): the agent offers
 * one `type: "terminal"` auth method and fails sessions with -32000 until the report file exists.
 * Run with `--login` (the method's args), it is the sign-in program instead of an agent: it writes
 * where it ran (cwd, PWD, argv, the method's env) to the report and exits 0. Tests read the report
 * to see which folder the client's terminal started it in.
 */
import { existsSync, writeFileSync } from "node:fs";
import { RpcError } from "./wire";
import type { FakeAgentOptions } from "./profiles";

export const TERMINAL_LOGIN_METHOD = {
  id: "terminal-login",
  name: "Sign in in a terminal",
  description: "Runs the agent's own sign-in",
  type: "terminal",
  args: ["--login", "--verbose"],
  env: { FAKE_LOGIN_MODE: "device" },
} as const;

export interface LoginReport {
  readonly cwd: string;
  readonly pwd: string | undefined;
  readonly argv: readonly string[];
  readonly loginMode: string | undefined;
}

/** When started as the sign-in program: writes the report and exits 0. Returns false otherwise. */
export function runLoginIfAsked(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  if (!argv.includes("--login") || !env.FAKE_AGENT_LOGIN_REPORT) return false;
  const report: LoginReport = { cwd: process.cwd(), pwd: env.PWD, argv, loginMode: env.FAKE_LOGIN_MODE };
  writeFileSync(env.FAKE_AGENT_LOGIN_REPORT, JSON.stringify(report));
  process.stdout.write("Signed in (fake).\n", () => process.exit(0));
  return true;
}

/** -32000 until the sign-in program has run. */
export function requireTerminalLogin(options: FakeAgentOptions): void {
  if (options.terminalLoginReport && !existsSync(options.terminalLoginReport))
    throw new RpcError(-32000, "Authentication required");
}
