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
    const name = await vscode.window.showInputBox({
      title: vscode.l10n.t("ACP: Set Agent Secret"),
      prompt: vscode.l10n.t('Secret name (use it in an agent\'s env as "${secret:NAME}")'),
      validateInput: (v) => (/^[A-Za-z0-9_.-]+$/.test(v) ? undefined : vscode.l10n.t("Letters, digits, . _ - only")),
    });
    if (!name) return;
    const value = await vscode.window.showInputBox({
      title: vscode.l10n.t("Value of {0}", name),
      password: true,
      ignoreFocusOut: true,
    });
    if (value === undefined) return;
    await this.storage.store(PREFIX + name, value);
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Stored the secret "{0}". Reference it as "{1}" in an agent\'s env.', name, `\${secret:${name}}`),
    );
  }
}
