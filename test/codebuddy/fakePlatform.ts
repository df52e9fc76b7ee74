/**
 * The CodeBuddy platform faked for the login flow (docs/reference/codebuddy-offline.md, Recipe B): every answer
 * is a `{code:0,msg:"OK",data}` envelope; `POST /v2/chat/completions` (gzip bodies, after login)
 * is answered by the fake model. Start the CLI with
 * `ACC_PRODUCT_CONFIG_V3={"endpoint":"<url>"}` and no API key.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { FakeOpenAi } from "./fakeOpenAi";
import { closeServer, listenOnLoopback, readBody } from "../support/fakeServers";

export interface PlatformRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization?: string;
}

export class FakePlatform {
  readonly requests: PlatformRequest[] = [];
  private server: Server | undefined;
  private url = "";

  constructor(private readonly model: FakeOpenAi) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.url = await listenOnLoopback(this.server);
    return this.url;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await closeServer(server);
  }

  /** Whether the CLI asked for a login state and polled the token. */
  get loggedIn(): boolean {
    return (
      this.requests.some((r) => r.path.startsWith("/v2/plugin/auth/state")) &&
      this.requests.some((r) => r.path.startsWith("/v2/plugin/auth/token"))
    );
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const path = req.url ?? "";
    this.requests.push({
      method: req.method ?? "",
      path,
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
    });
    if (await this.model.handleChat(req, res, raw)) return;
    const data = this.answer(path);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ code: 0, msg: "OK", data }));
  }

  private answer(path: string): unknown {
    if (path.startsWith("/v2/plugin/auth/state"))
      return { state: "st-test", authUrl: `${this.url}/login?state=st-test` };
    if (path.startsWith("/v2/plugin/auth/token")) {
      return {
        accessToken: "tok-test",
        refreshToken: "rt-test",
        expiresIn: 86400,
        refreshExpiresIn: 864000,
        tokenType: "Bearer",
      };
    }
    if (path.startsWith("/v2/plugin/login/account") || path.startsWith("/v2/plugin/accounts")) {
      return { accounts: [{ uid: "u-test", nickname: "Test User", lastLogin: true, type: "personal" }] };
    }
    return {};
  }
}
