// Stands in for VS Code's webview API in the Chromium tests. Loaded as its own script (no inline
// script), before the bundle. What the webview posts lands in window.__sent; setState persists in
// sessionStorage, so getState survives a reload like VS Code's per-webview state does.
(() => {
  const key = "acp-panel-test-state";
  window.__sent = [];
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (event) => {
    window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
  });
  let acquired = false;
  window.acquireVsCodeApi = () => {
    if (acquired) throw new Error("acquireVsCodeApi may only be called once");
    acquired = true;
    return {
      postMessage(message) {
        window.__sent.push(JSON.parse(JSON.stringify(message)));
      },
      getState() {
        const raw = sessionStorage.getItem(key);
        return raw === null ? undefined : JSON.parse(raw);
      },
      setState(state) {
        sessionStorage.setItem(key, JSON.stringify(state));
        return state;
      },
    };
  };
})();
