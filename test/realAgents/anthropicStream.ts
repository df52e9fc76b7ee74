/**
 * The fake Anthropic server's streamed reply: a Messages API SSE stream (message_start, the
 * content blocks in deltas, message_delta, message_stop), paced by a pause between events, that
 * stops writing when the client goes away.
 */
import type { ServerResponse } from "node:http";
import type { ReplyBlock } from "./anthropicConversation";

/** One model turn to stream. */
export interface StreamedTurn {
  readonly id: string;
  readonly model: string;
  readonly blocks: ReplyBlock[];
  readonly stopReason: string;
  readonly usage: { input_tokens: number; output_tokens: number };
  /** Pause between events, in ms. */
  readonly delay: number;
  /** Text deltas are cut to this many characters. */
  readonly chunk: number;
}

/** Writes `turn` to `res` as SSE; `onGone` is told when the client went away before the end. */
export async function streamTurn(res: ServerResponse, turn: StreamedTurn, onGone: () => void): Promise<void> {
  let gone = false;
  res.on("close", () => {
    if (!res.writableFinished) {
      gone = true;
      onGone();
    }
  });
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
    "request-id": `req_${turn.id}`,
  });
  const send = async (type: string, data: Record<string, unknown>) => {
    if (gone) return;
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    await sleep(turn.delay);
  };
  await send("message_start", {
    message: {
      id: turn.id,
      type: "message",
      role: "assistant",
      model: turn.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: turn.usage.input_tokens,
        output_tokens: 1,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    },
  });
  for (const [index, block] of turn.blocks.entries()) {
    if (block.type === "text") {
      await send("content_block_start", { index, content_block: { type: "text", text: "" } });
      for (const piece of pieces(block.text, turn.chunk))
        await send("content_block_delta", { index, delta: { type: "text_delta", text: piece } });
    } else if (block.type === "thinking") {
      await send("content_block_start", { index, content_block: { type: "thinking", thinking: "", signature: "" } });
      for (const piece of pieces(block.thinking, turn.chunk))
        await send("content_block_delta", { index, delta: { type: "thinking_delta", thinking: piece } });
      await send("content_block_delta", {
        index,
        delta: { type: "signature_delta", signature: block.signature ?? "fake-signature" },
      });
    } else {
      await send("content_block_start", {
        index,
        content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
      });
      const input = JSON.stringify(block.input);
      for (const piece of pieces(input, Math.max(turn.chunk, 24)))
        await send("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: piece } });
    }
    await send("content_block_stop", { index });
  }
  await send("message_delta", {
    delta: { stop_reason: turn.stopReason, stop_sequence: null },
    usage: { output_tokens: turn.usage.output_tokens },
  });
  await send("message_stop", {});
  if (!gone) res.end();
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [""];
}

function sleep(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
}
