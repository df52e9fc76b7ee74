/**
 * The ids of the panel's views, contributed in package.json. A leaf: the activation entry
 * (lazyHost.ts) and the host's views both use them, and neither may import the other.
 */

/** The webview view (`contributes.views.acpPanel`). */
export const chatViewId = "acpPanel.chat";

/** The editor tab's WebviewPanel type (`onWebviewPanel:` in package.json). */
export const editorSessionViewType = "acpPanel.session";
