/**
 * The credential of a harness code-server and how a browser gets in. A served port is reachable by
 * every local user, and code-server gives whoever gets in a terminal as this user: so each server
 * has a random password (code-server 4.139 has no connection token of its own: it always starts
 * VS Code's server `without-connection-token`, and `--auth password` is its only credential).
 * Workspace Trust stays on; the folders a test opens are trusted explicitly, in the browser's own
 * trust store, as a user's "Trust" answer would be.
 */
import { createHash, randomBytes } from "node:crypto";
import type { BrowserContext } from "playwright-core";

export interface ServerCredential {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly password: string;
  /** `host:port`, the authority of the workbench's vscode-remote:// URIs. */
  readonly authority: string;
  /** Folders (and everything below them) the workbench trusts. */
  readonly trustedFolders: readonly string[];
}

/** 32 random bytes, URL-safe: typed or pasted once into code-server's login page. */
export function newPassword(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * What code-server is given: the SHA-256 of the password (its "legacy" hashed-password form).
 * With a plain $PASSWORD it checks the session cookie with argon2 on every request, hundreds per
 * workbench load: tens of seconds on two cores. The password is 256 random bits, so a fast hash
 * costs nothing in strength.
 */
export function passwordHash(password: string): string {
  return createHash("sha256").update(password).digest("hex");
}

const live = new Map<string, ServerCredential>();

/** Called by startCodeServer; `forget` when the server stops. */
export function rememberServer(credential: ServerCredential): void {
  live.set(new URL(credential.url).origin, credential);
}

export function forgetServer(url: string): void {
  live.delete(new URL(url).origin);
}

/** The harness server `url` belongs to, if this process started it. */
export function credentialFor(url: string): ServerCredential | undefined {
  return live.get(new URL(url).origin);
}

// VS Code (web) keeps trusted folders in IndexedDB: this database, this store, this key (1.139).
const TRUST_DB = "vscode-web-state-db-global-shared";
const TRUST_STORE = "ItemTable";
const TRUST_KEY = "content.trust.model.key";

/**
 * Signs `context` in (code-server's login form; the session cookie lands in the context) and
 * trusts the server's folders in it. Call before the first page of the context opens the server.
 */
export async function signIn(context: BrowserContext, credential: ServerCredential): Promise<void> {
  const trust = JSON.stringify({
    uriTrustInfo: credential.trustedFolders.map((path) => ({
      uri: { scheme: "vscode-remote", authority: credential.authority, path },
      trusted: true,
    })),
  });
  // Runs before the workbench's own scripts: its open of the same database queues behind this
  // one, and its read behind this write, so the first trust check already sees the folders.
  await context.addInitScript(
    ({ db, store, key, value }) => {
      if (window.top !== window) return; // webview frames
      const request = indexedDB.open(db);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(store)) request.result.createObjectStore(store);
      };
      request.onsuccess = () => {
        const database = request.result;
        const write = database.transaction(store, "readwrite");
        write.objectStore(store).put(value, key);
        write.oncomplete = () => database.close();
      };
    },
    { db: TRUST_DB, store: TRUST_STORE, key: TRUST_KEY, value: trust },
  );
  const response = await context.request.post(`${credential.url}/login`, {
    form: { password: credential.password, base: ".", href: `${credential.url}/login` },
    maxRedirects: 0,
  });
  const cookies = await context.cookies(credential.url);
  if (response.status() !== 302 || !cookies.some((cookie) => cookie.name.startsWith("code-server-session")))
    throw new Error(`could not sign in to ${credential.url}: HTTP ${response.status()} ${await response.text()}`);
}
