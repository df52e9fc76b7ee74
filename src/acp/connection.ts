/**
 * The one file that talks to `@agentclientprotocol/sdk`. Everything above it sees typed calls
 * and a synchronous stream of raw `session/update` notifications.
 *
 * Quirks handled here:
 * - The SDK validates `session/update` against a closed union and silently drops unknown
 *   variants (vendor and unstable ones), before any handler, `"*"` included. So updates are
 *   taken from a tap on the raw message stream instead, in arrival order, and the SDK gets no
 *   `session/update` handler at all (unregistered notifications are ignored quietly).
 * - The tap runs before the SDK dispatches anything, so an update is always folded before a
 *   request that follows it on the wire (a permission may still name a tool call never seen).
 */
import * as acp from "@agentclientprotocol/sdk";
import type { AnyMessage } from "@agentclientprotocol/sdk";

export interface ConnectionEvents {
  /** Called synchronously for each `session/update`, with the params as they came. */
  sessionUpdate(sessionId: string, update: unknown, raw: AnyMessage): void;
  /** Every message in both directions, for the traffic log. */
  traffic(direction: "in" | "out", message: AnyMessage): void;
}

export interface ByteStreams {
  /** Bytes from the agent (its stdout). */
  readonly input: ReadableStream<Uint8Array>;
  /** Bytes to the agent (its stdin). */
  readonly output: WritableStream<Uint8Array>;
}

export const CLIENT_INFO = { name: "acp-panel", title: "ACP Panel", version: "0.1.0" } as const;

export class AgentConnection {
  private readonly connection: acp.ClientConnection;

  constructor(streams: ByteStreams, events: ConnectionEvents) {
    const stream = tap(acp.ndJsonStream(streams.output, streams.input), events);
    this.connection = acp.client({ name: CLIENT_INFO.name }).connect(stream);
  }

  /** Resolves when the stream ends or close() is called; never rejects. */
  get closed(): Promise<void> {
    return this.connection.closed;
  }

  initialize(): Promise<acp.InitializeResponse> {
    return this.connection.agent.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION,
      // Advertise exactly what is implemented; an agent routes its tools by these flags.
      clientCapabilities: {},
      clientInfo: { ...CLIENT_INFO },
    });
  }

  newSession(cwd: string): Promise<acp.NewSessionResponse> {
    return this.connection.agent.request(acp.methods.agent.session.new, { cwd, mcpServers: [] });
  }

  /** `prompt` is always an array of content blocks, never a string or chat messages. */
  prompt(sessionId: string, prompt: acp.ContentBlock[]): Promise<acp.PromptResponse> {
    return this.connection.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt });
  }

  cancel(sessionId: string): Promise<void> {
    return this.connection.agent.notify(acp.methods.agent.session.cancel, { sessionId });
  }

  close(): void {
    this.connection.close();
  }
}

export const PROTOCOL_VERSION = acp.PROTOCOL_VERSION;

function tap(stream: acp.Stream, events: ConnectionEvents): acp.Stream {
  const incoming = new TransformStream<AnyMessage, AnyMessage>({
    transform(message, controller) {
      events.traffic("in", message);
      if ("method" in message && message.method === acp.methods.client.session.update && !("id" in message)) {
        const params = message.params as { sessionId?: unknown; update?: unknown } | undefined;
        if (typeof params?.sessionId === "string") events.sessionUpdate(params.sessionId, params.update, message);
        return; // handled here; see the file comment
      }
      controller.enqueue(message);
    },
  });
  const outgoing = new TransformStream<AnyMessage, AnyMessage>({
    transform(message, controller) {
      events.traffic("out", message);
      controller.enqueue(message);
    },
  });
  void outgoing.readable.pipeTo(stream.writable).catch(() => undefined);
  return { readable: stream.readable.pipeThrough(incoming), writable: outgoing.writable };
}
