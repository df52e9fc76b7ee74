/**
 * The SDK 2.4.0's own zod schemas of the wire messages (stable and unstable), for tests that check
 * what the client sends or accepts against the protocol itself. The package's `exports` do not
 * list them, so they are imported by file.
 */
export * as stableWire from "../../node_modules/@agentclientprotocol/sdk/dist/v1/schema/zod.gen.js";
export * as unstableWire from "../../node_modules/@agentclientprotocol/sdk/dist/v1/unstable/schema/zod.gen.js";
