/**
 * API keys for agents live in VS Code's SecretStorage, never in settings or logs. An agent's
 * `env` may say `"ANTHROPIC_API_KEY": "${secret:anthropic}"`, and a network agent's `headers`
 * `"Authorization": "Bearer ${secret:token}"`; the values are filled in at launch.
 */
import * as vscode from "vscode";
import { resolveSecretReferences } from "../acp/agents/secretReferences";

const PREFIX = "acpPanel.secret.";

export class AgentSecrets {
  constructor(private readonly storage: vscode.SecretStorage) {}

  /** Replaces `${secret:NAME}` values; a missing secret is an error naming it. */
  resolveEnv(env: Readonly<Record<string, string>>): Promise<Record<string, string>> {
    return resolveSecretReferences(env, (name) => Promise.resolve(this.storage.get(PREFIX + name)), "env");
  }

  /** Replaces `${secret:NAME}` anywhere in header values; a missing secret is an error naming it. */
  resolveHeaders(headers: Readonly<Record<string, string>>): Promise<Record<string, string>> {
    return resolveSecretReferences(headers, (name) => Promise.resolve(this.storage.get(PREFIX + name)), "headers");
  }

  async promptAndStore(): Promise<void> {
    const name = await vscode.window.showInputBox({ title: "ACP: Set Agent Secret", prompt: 'Secret name (use it in an agent\'s env as "${secret:NAME}")', validateInput: (v) => (/^[A-Za-z0-9_.-]+$/.test(v) ? undefined : "Letters, digits, . _ - only") });
    if (!name) return;
    const value = await vscode.window.showInputBox({ title: `Value of ${name}`, password: true, ignoreFocusOut: true });
    if (value === undefined) return;
    await this.storage.store(PREFIX + name, value);
    void vscode.window.showInformationMessage(`Stored the secret "${name}". Reference it as "\${secret:${name}}" in an agent's env.`);
  }
}
