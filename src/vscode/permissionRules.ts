/**
 * Client-side permission rules, per agent: "always allow reads in this workspace" and the like.
 * Stored in the extension's global state, listed and revoked with "ACP: Manage Permission Rules".
 * A rule only ever picks an option the agent itself offered, by kind. Which rule answers is
 * decided in `src/acp/agents/permissionRuleDecision.ts` (symlinks resolved, agents matched by stable id).
 * The same command lists the session grants to read outside the workspace (PathGrants), to clear them.
 */
import * as vscode from "vscode";
import type * as acp from "@agentclientprotocol/sdk";
import type { AgentRef } from "../acp/agents/agentIdentity";
import { describeGrant, type PathGrant, type PathGrants } from "../acp/client/callbacks/pathGrants";
import {
  describeRule,
  folderUri,
  matchingRule,
  migrateNameKeyedRules,
  type PermissionRule,
} from "../acp/agents/permissionRuleDecision";
import type { PermissionRules, RuledAnswer } from "../acp/ports";

const KEY = "acpPanel.permissionRules";
const KINDS = ["read", "search", "fetch", "think", "edit", "execute", "delete", "move", "other"];

export class PermissionRuleStore implements PermissionRules {
  /** `idOf`: the stable id of the agent configured under a display name now (agentIdentity.ts). */
  constructor(
    private readonly state: vscode.Memento,
    private readonly idOf: (name: string) => string | undefined,
    private readonly grants?: PathGrants,
  ) {}

  rules(): PermissionRule[] {
    return this.state.get<PermissionRule[]>(KEY, []);
  }

  /** Once at start: rules saved by name (before ids) are bound to the agent that bears the name now. */
  async migrate(): Promise<void> {
    const { rules, changed } = migrateNameKeyedRules(this.rules(), this.idOf);
    if (changed) await this.state.update(KEY, rules);
  }

  async decide(agent: AgentRef, request: acp.RequestPermissionRequest): Promise<RuledAnswer | undefined> {
    const rule = await matchingRule(this.rules(), agent, request, openFolders());
    return rule && { decision: rule.decision, rule: describeRule(rule) };
  }

  async manage(agents: readonly string[]): Promise<void> {
    const rules = this.rules();
    const grants = this.grants?.list() ?? [];
    type Item = vscode.QuickPickItem & { rule?: PermissionRule; grant?: PathGrant; clearGrants?: true };
    const add: Item = { label: `$(add) ${vscode.l10n.t("Add a rule…")}` };
    const items: Item[] = [
      add,
      ...rules.map((rule) => ({
        label: `$(trash) ${describeRule(rule)}`,
        description: vscode.l10n.t("select to revoke"),
        rule,
      })),
    ];
    if (grants.length > 0) {
      items.push({
        label: vscode.l10n.t("Reads allowed outside the workspace (this session)"),
        kind: vscode.QuickPickItemKind.Separator,
      });
      items.push(
        ...grants.map((grant) => ({
          label: `$(trash) ${describeGrant(grant)}`,
          description: vscode.l10n.t("select to clear"),
          grant,
        })),
      );
      if (grants.length > 1)
        items.push({ label: `$(clear-all) ${vscode.l10n.t("Clear every read grant")}`, clearGrants: true });
    }
    const empty = rules.length === 0 && grants.length === 0;
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t("ACP: Permission Rules"),
      placeHolder: empty
        ? vscode.l10n.t("No rules yet")
        : vscode.l10n.t("Select a rule or grant to revoke it, or add a rule"),
    });
    if (!picked) return;
    if (picked.grant || picked.clearGrants) {
      if (picked.grant) this.grants?.revoke(picked.grant.id);
      else this.grants?.clear();
      void vscode.window.showInformationMessage(
        picked.grant
          ? vscode.l10n.t("Cleared: {0}", describeGrant(picked.grant))
          : vscode.l10n.t("Cleared every read grant."),
      );
      return;
    }
    if (picked.rule) {
      await this.state.update(
        KEY,
        rules.filter((rule) => rule !== picked.rule && describeRule(rule) !== describeRule(picked.rule!)),
      );
      void vscode.window.showInformationMessage(vscode.l10n.t("Revoked: {0}", describeRule(picked.rule)));
      return;
    }
    const agent = await vscode.window.showQuickPick([...agents], { title: vscode.l10n.t("Rule for which agent?") });
    const toolKind =
      agent && (await vscode.window.showQuickPick(KINDS, { title: vscode.l10n.t("For which kind of tool call?") }));
    const decision =
      toolKind &&
      (await vscode.window.showQuickPick(
        [
          {
            label: vscode.l10n.t("Always allow, inside this workspace only"),
            value: "allow_once" as const,
            inside: true,
          },
          { label: vscode.l10n.t("Always allow"), value: "allow_once" as const, inside: false },
          { label: vscode.l10n.t("Always reject"), value: "reject_once" as const, inside: false },
        ],
        { title: vscode.l10n.t("Decision") },
      ));
    if (!agent || !toolKind || !decision) return;
    const agentId = this.idOf(agent);
    const rule: PermissionRule = {
      agent,
      ...(agentId ? { agentId } : {}),
      toolKind,
      decision: decision.value,
      insideWorkspaceOnly: decision.inside,
      // "This workspace": the folders open now; the rule answers nowhere else (permissionRuleDecision.ts).
      ...(decision.inside ? { folders: openFolders().map(folderUri) } : {}),
    };
    await this.state.update(KEY, [...rules, rule]);
    void vscode.window.showInformationMessage(vscode.l10n.t("Added: {0}", describeRule(rule)));
  }
}

/** The local folders open now (rules only answer for the file system of this window). */
function openFolders(): string[] {
  return (vscode.workspace.workspaceFolders ?? [])
    .filter((folder) => folder.uri.scheme === "file")
    .map((folder) => folder.uri.fsPath);
}
