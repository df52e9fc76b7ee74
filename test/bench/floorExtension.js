// @ts-check
/**
 * The floor of streaming in VS Code (bench workload `streamfloor`): copied over the installed
 * extension's dist/extension.js, so the same manifest, view id (`acpPanel.chat`) and settings run
 * the least an extension could do with the fake agent's flood. No bundle, no dependencies beyond
 * `vscode` and Node's built-ins, no SDK, no Markdown.
 *
 * - When the view resolves, it spawns the configured agent (`acpPanel.agents[acpPanel.defaultAgent]`:
 *   command, args, env) in the workspace folder and does the handshake by hand (initialize,
 *   session/new), then says "<agent> is ready", as the panel does before its Send is measured.
 * - Send: `session/prompt` with the Prompt box's text. stdout is split on "\n", each line
 *   `JSON.parse`d, the text of `agent_message_chunk`s joined. Requests from the agent get no answer.
 * - The text gathered since the last post goes to the webview at most every 8 ms (a timer started
 *   by the first chunk after a post, like the panel's ReplicaFeed `flushMs`; no acknowledgements),
 *   as `{ type: "state/actions", actions: [text], postedAt }`: named like the panel's batches so the
 *   bench probe (armStreamProbe) counts their arrival the same way; the page keeps
 *   `window.__floorBatches` ([posted, arrived, characters], both Date.now()) for the relay's time.
 * - `benchload <sessionId>` in the Prompt box (the `longfloor` workload): `session/load` of that
 *   session. The floor keeps each replayed update's text (a message chunk's, a tool call's title and
 *   output), one string per update, as any client must keep the conversation. When the load ends
 *   it posts them to the page in slices of HISTORY_SLICE updates, the next once the page
 *   acknowledges the last (as the panel's history slices go), and the page sets
 *   `window.__floorLoaded` (Date.now()) when it holds the last.
 * - The page shows the text as one <pre> would, but appends whole lines in blocks of 100 (the
 *   unfinished last line in a block at the end), each `content-visibility: auto` with its exact
 *   height as placeholder (a fixed line height, no wrapping), and scrolls to the end after each
 *   batch (the panel follows the stream too). So a frame lays out only the lines on screen, as the
 *   panel's virtual list does. Appending Text nodes to one <pre> instead lays out the whole text
 *   again on every frame (one inline formatting context): ~0.7 s of Layout over the flood, more
 *   than the panel took (see README.md); a block per batch, laid out whole, still took long tasks
 *   of 60–220 ms for batches of 100–280 KB.
 */
const { spawn } = require("node:child_process");
const { randomBytes } = require("node:crypto");
const vscode = require("vscode");

const VIEW_ID = "acpPanel.chat";
const FLUSH_MS = 8;
/** Replayed updates per history post (the panel's HISTORY_SLICE_ENTRIES). */
const HISTORY_SLICE = 250;

/** @typedef {import("node:child_process").ChildProcessByStdio<import("node:stream").Writable, import("node:stream").Readable, null>} Agent */
/** @type {Agent | undefined} */
let agent;

/** @param {vscode.ExtensionContext} context */
function activate(context) {
  context.subscriptions.push(
    vscode.window.registerWebviewViewProvider(VIEW_ID, { resolveWebviewView: (view) => resolve(view) }),
  );
}

function deactivate() {
  agent?.kill();
  agent = undefined;
}

/** @param {vscode.WebviewView} view */
function resolve(view) {
  const nonce = randomBytes(16).toString("hex");
  view.webview.options = { enableScripts: true, localResourceRoots: [] };
  let status = "Starting…";
  /** @param {string} text */
  const setStatus = (text) => {
    status = text;
    void view.webview.postMessage({ type: "status", text });
  };

  const config = vscode.workspace.getConfiguration("acpPanel");
  /** @type {Record<string, { command: string, args?: string[], env?: Record<string, string> }>} */
  const agents = config.get("agents") ?? {};
  const name = config.get("defaultAgent") ?? Object.keys(agents)[0] ?? "";
  const launch = agents[name];
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd();

  /** @type {Map<number, (message: any) => void>} */
  const waiting = new Map();
  let nextId = 0;
  /** @type {string | undefined} */
  let sessionId;
  let pending = "";
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const text = pending;
    pending = "";
    void view.webview.postMessage({ type: "state/actions", actions: [text], postedAt: Date.now() });
  };

  /** The texts of a `session/load` replay in progress (undefined when none is). @type {string[] | undefined} */
  let replayed;
  /** Slices of a finished load still to post, each once the page acknowledged the one before. @type {string[][]} */
  const slices = [];
  const postSlice = () => {
    const texts = slices.shift();
    if (texts) void view.webview.postMessage({ type: "history", texts, last: slices.length === 0 });
  };

  /** @param {any} message */
  const onMessage = (message) => {
    if (message.method === "session/update" && replayed) {
      replayed.push(updateText(message.params?.update));
    } else if (message.method === "session/update") {
      const update = message.params?.update;
      if (update?.sessionUpdate !== "agent_message_chunk" || update.content?.type !== "text") return;
      pending += update.content.text ?? "";
      timer ??= setTimeout(flush, FLUSH_MS);
    } else if (typeof message.id === "number" && !message.method) {
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
    }
  };

  /**
   * @param {string} method
   * @param {unknown} params
   * @returns {Promise<any>}
   */
  const request = (method, params) => {
    const child = agent;
    if (!child) return Promise.reject(new Error("no agent"));
    const id = nextId++;
    const answer = new Promise((done) => waiting.set(id, done));
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
    return answer.then((message) =>
      message.error ? Promise.reject(new Error(JSON.stringify(message.error))) : message,
    );
  };

  const start = async () => {
    if (!launch) return setStatus("No agent configured");
    agent?.kill();
    const child = spawn(launch.command, launch.args ?? [], {
      cwd,
      env: { ...process.env, ...launch.env },
      stdio: ["pipe", "pipe", "ignore"],
    });
    agent = child;
    child.stdin.on("error", () => undefined);
    child.on("exit", () => setStatus(`${name} exited`));
    let buffer = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (/** @type {string} */ text) => {
      buffer += text;
      let from = 0;
      for (let newline = buffer.indexOf("\n"); newline !== -1; newline = buffer.indexOf("\n", from)) {
        const line = buffer.slice(from, newline);
        from = newline + 1;
        if (line.trim()) onMessage(JSON.parse(line));
      }
      buffer = buffer.slice(from);
    });
    await request("initialize", {
      protocolVersion: 1,
      clientCapabilities: {},
      clientInfo: { name: "acp-panel-floor", version: "0" },
    });
    sessionId = (await request("session/new", { cwd, mcpServers: [] })).result?.sessionId;
    setStatus(`${name} is ready`);
  };

  /** @param {string} text */
  const prompt = async (text) => {
    if (sessionId === undefined) return;
    setStatus(`${name} is working…`);
    await request("session/prompt", { sessionId, prompt: [{ type: "text", text }] });
    flush();
    setStatus(`${name} is ready`);
  };

  /** @param {string} id */
  const load = async (id) => {
    setStatus(`${name} is loading…`);
    replayed = [];
    try {
      await request("session/load", { sessionId: id, cwd, mcpServers: [] });
      sessionId = id;
      for (let from = 0; from < replayed.length; from += HISTORY_SLICE)
        slices.push(replayed.slice(from, from + HISTORY_SLICE));
    } finally {
      replayed = undefined;
    }
    postSlice();
    setStatus(`${name} is ready`);
  };

  view.webview.onDidReceiveMessage((/** @type {any} */ message) => {
    if (message?.type === "ready") void view.webview.postMessage({ type: "status", text: status });
    if (message?.type === "history/ack") postSlice();
    const text = message?.type === "prompt" ? String(message.text) : undefined;
    if (text?.startsWith("benchload "))
      load(text.slice("benchload ".length)).catch((error) => setStatus(String(error)));
    else if (text !== undefined) prompt(text).catch((error) => setStatus(String(error)));
  });
  view.onDidDispose(deactivate);
  view.webview.html = page(nonce);
  start().catch((error) => setStatus(String(error)));
}

/**
 * The text a client shows for a replayed update: a message's or thought's chunk, a tool call's
 * title, a tool call update's text content; "" for the rest.
 * @param {any} update
 */
function updateText(update) {
  if (update?.content?.type === "text") return String(update.content.text ?? "");
  if (update?.sessionUpdate === "tool_call") return String(update.title ?? "");
  if (!Array.isArray(update?.content)) return "";
  return update.content.map((/** @type {any} */ part) => part?.content?.text ?? "").join("\n");
}

/** Lines per block of the page's <pre>, and their fixed height (so an unrendered block's placeholder is exact). */
const BLOCK_LINES = 100;
const LINE_PX = 16;

/** @param {string} nonce */
function page(nonce) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}';">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>ACP Panel</title>
  <style nonce="${nonce}">
    #out { line-height: ${LINE_PX}px; }
    #out > .lines { content-visibility: auto; }
  </style>
</head>
<body>
  <p role="status" id="status">Starting…</p>
  <textarea aria-label="Prompt" id="prompt" rows="2"></textarea>
  <button id="send">Send</button>
  <pre role="log" id="out"><div id="tail"></div></pre>
  <script nonce="${nonce}">
    const vscode = acquireVsCodeApi();
    const status = document.getElementById("status");
    const prompt = document.getElementById("prompt");
    const out = document.getElementById("out");
    const tail = document.getElementById("tail");
    let partial = "";
    const batches = (window.__floorBatches = []);
    document.getElementById("send").addEventListener("click", () => vscode.postMessage({ type: "prompt", text: prompt.value }));
    window.addEventListener("message", (event) => {
      const data = event.data;
      if (data.type === "state/actions") {
        batches.push([data.postedAt, Date.now(), data.actions[0].length]);
        const text = partial + data.actions.join("");
        const cut = text.lastIndexOf("\\n") + 1;
        const blocks = document.createDocumentFragment();
        for (let from = 0; from < cut; ) {
          let to = from;
          let count = 0;
          while (count < ${BLOCK_LINES} && to < cut) {
            to = text.indexOf("\\n", to) + 1;
            count += 1;
          }
          const lines = document.createElement("div");
          lines.className = "lines";
          lines.style.containIntrinsicHeight = "auto " + count * ${LINE_PX} + "px";
          lines.textContent = text.slice(from, to);
          blocks.appendChild(lines);
          from = to;
        }
        out.insertBefore(blocks, tail);
        partial = text.slice(cut);
        tail.textContent = partial;
        // Follow the stream, as the panel does: the end marker is painted on screen.
        document.scrollingElement.scrollTop = document.scrollingElement.scrollHeight;
      } else if (data.type === "history") {
        const blocks = document.createDocumentFragment();
        for (const text of data.texts) {
          const entry = document.createElement("div");
          entry.className = "lines";
          entry.style.containIntrinsicHeight = "auto 200px";
          entry.textContent = text;
          blocks.appendChild(entry);
        }
        out.insertBefore(blocks, tail);
        if (data.last) window.__floorLoaded = Date.now();
        else vscode.postMessage({ type: "history/ack" });
      } else if (data.type === "status") status.textContent = data.text;
    });
    vscode.postMessage({ type: "ready" });
  </script>
</body>
</html>`;
}

module.exports = { activate, deactivate };
