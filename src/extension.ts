/**
 * The entry VS Code loads on activation. It is kept tiny so activation is cheap: it registers the
 * chat view and the commands, and the composition root (src/vscode/host.ts, bundled on its own as
 * dist/host.js) is loaded on first need. Nothing else lives here.
 */
import { join } from "node:path";
import type * as vscode from "vscode";
import type * as HostModule from "./vscode/host";
import { LazyHost } from "./vscode/lazyHost";

let host: LazyHost | undefined;

export function activate(context: vscode.ExtensionContext): void {
  host = new LazyHost(() => {
    // A computed path, so esbuild leaves this require alone: dist/host.js sits beside this bundle.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startHost } = require(join(__dirname, "host.js")) as typeof HostModule;
    return startHost(context);
  });
  context.subscriptions.push(host);
}

/** Agents run in their own process groups, so they must be stopped explicitly, never orphaned. */
export function deactivate(): Promise<void> | undefined {
  return host?.shutdown();
}
