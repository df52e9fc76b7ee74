/**
 * What activation registers: stand-ins for the chat view and the palette commands that load the
 * host (host.ts: the ACP client, the SDK, the zod schemas) on first use and forward to it. Loading
 * all of that at activation cost about 150 ms; now it happens when the panel opens or a command
 * runs. Nothing here may import host code at runtime, or it would be bundled into the entry.
 */
import * as vscode from "vscode";
import { commandIds, registerCommands, type CommandHandlers } from "./commands";
import type { Host } from "./host";
import { chatViewId, editorSessionViewType } from "./viewIds";

export class LazyHost implements vscode.Disposable {
  private host: Host | undefined;
  private readonly registrations: vscode.Disposable;

  /** `load` builds the host; it runs at most once (again only if it threw). */
  constructor(private readonly load: () => Host) {
    const view: vscode.WebviewViewProvider = {
      resolveWebviewView: (webviewView, context, token) =>
        this.get().view.resolveWebviewView(webviewView, context, token),
    };
    const commands = Object.fromEntries(
      commandIds.map((id) => [id, (...args: unknown[]) => this.get().commands[id](...args)]),
    ) as CommandHandlers;
    // After a window reload VS Code hands back the editor tabs that showed a session.
    const serializer: vscode.WebviewPanelSerializer = {
      deserializeWebviewPanel: (panel, state: unknown) => this.get().editors.deserialize(panel, state),
    };
    this.registrations = vscode.Disposable.from(
      vscode.window.registerWebviewViewProvider(chatViewId, view),
      vscode.window.registerWebviewPanelSerializer(editorSessionViewType, serializer),
      registerCommands(commands),
    );
  }

  /** Stops the agents if the host was ever loaded (deactivate() waits for it). */
  shutdown(): Promise<void> | undefined {
    return this.host?.shutdown();
  }

  dispose(): void {
    this.registrations.dispose();
  }

  private get(): Host {
    if (this.host) return this.host;
    try {
      return (this.host = this.load());
    } catch (error) {
      // Only a broken install gets here (dist/host.js missing or failing): say so, not just in a log.
      void vscode.window.showErrorMessage(
        vscode.l10n.t("ACP Panel failed to load: {0}", error instanceof Error ? error.message : String(error)),
      );
      throw error;
    }
  }
}
