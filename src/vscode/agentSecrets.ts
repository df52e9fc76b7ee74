/**
 * API keys for agents live in VS Code's SecretStorage, never in settings or logs. An agent's
 * `env` may say `"ANTHROPIC_API_KEY": "${secret:anthropic}"`; the value is filled in at launch.
 */
import * as vscode from "vscode";

const REFERENCE = /^\$\{secret:([A-Za-z0-9_.-]+)\}$/;
const PREFIX = "acpPanel.secret.";

export class AgentSecrets {
  constructor(private readonly storage: vscode.SecretStorage) {}

  /** Replaces `${secret:NAME}` values; a missing secret is an error naming it. */
  async resolveEnv(env: Readonly<Record<string, string>>): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(env)) {
      const reference = REFERENCE.exec(value);
      if (!reference) {
        out[key] = value;
        continue;
      }
      const secret = await this.storage.get(PREFIX + reference[1]);
      if (secret === undefined) throw new Error(`The secret "${reference[1]}" used by ${key} is not set. Run "ACP: Set Agent Secret" to store it.`);
      out[key] = secret;
    }
    return out;
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
