/**
 * Terminal authentication: asks before running (the exact command line, where it runs, the env
 * the agent's method adds), then runs the planned sign-in (src/acp/client/connection/terminalSignIn.ts) in
 * an interactive VS Code terminal started in the launch folder, and reports whether it exited 0.
 */
import * as vscode from "vscode";
import type { TerminalSignIn } from "../acp/client/connection/terminalSignIn";

/** A modal: sign-in runs the agent's code, so nothing starts until the user says "Run". */
export async function confirmTerminalLogin(signIn: TerminalSignIn): Promise<boolean> {
  const run = vscode.l10n.t("Run");
  const detail = [
    vscode.l10n.t("Command: {0}", signIn.commandLine),
    vscode.l10n.t("Runs in: {0}", signIn.directory),
    ...(signIn.addedEnv.length ? [vscode.l10n.t("With environment: {0}", signIn.addedEnv.join(" "))] : []),
    vscode.l10n.t("This runs the agent's own program with your permissions. Run it only if you trust this agent."),
  ].join("\n");
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t("{0} asks to sign in by running a command in a terminal.", signIn.agent),
    { modal: true, detail },
    run,
  );
  return choice === run;
}

export function runTerminalLogin(signIn: TerminalSignIn): Promise<boolean> {
  const terminal = vscode.window.createTerminal({
    name: vscode.l10n.t("Sign in: {0}", signIn.agent),
    shellPath: signIn.command,
    shellArgs: [...signIn.args],
    cwd: signIn.directory,
    env: { ...signIn.env },
  });
  terminal.show();
  return new Promise((resolve) => {
    const listener = vscode.window.onDidCloseTerminal((closed) => {
      if (closed !== terminal) return;
      listener.dispose();
      resolve(closed.exitStatus?.code === 0);
    });
  });
}
