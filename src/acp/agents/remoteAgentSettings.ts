/**
 * Remote windows (Remote-SSH, WSL, Codespaces, code-server): `acpPanel.agents` has scope "machine",
 * so VS Code applies it there only from the remote's settings and ignores the value in the local
 * User settings. The extension host cannot see that ignored value, so when a remote window has no
 * agent configured the panel says where agents must go instead of guessing whether any exist.
 */

/** What the welcome view needs to show the remote hint; absent when it does not apply. */
export interface RemoteSettingsHint {
  /** `vscode.env.remoteName`, e.g. "ssh-remote", "wsl", or code-server's host:port. */
  readonly remoteName: string;
}

/** The hint for a window with `remoteName` (undefined or "" when local) and this many configured agents. */
export function remoteSettingsHint(
  remoteName: string | undefined,
  configuredAgents: number,
): RemoteSettingsHint | undefined {
  return remoteName && configuredAgents === 0 ? { remoteName } : undefined;
}

/** The details of "No agent named … is configured": where the setting is read in this window. */
export function missingAgentDetails(remoteName: string | undefined): string {
  if (!remoteName) return 'Add it under "acpPanel.agents" in your user settings.';
  return (
    `This is a remote window (${remoteName}): "acpPanel.agents" applies here only from the remote's settings ` +
    "(Preferences: Open Remote Settings); agents in your local User settings do not apply."
  );
}
