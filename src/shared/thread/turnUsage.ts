/**
 * A turn's token usage: `PromptResponse.usage`, unstable in ACP and sent by several agents. Extra
 * fields an agent adds are kept (loose object); the thread shows the last turn's figures.
 */
import * as z from "zod";

export const turnUsageSchema = z.looseObject({
  totalTokens: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  thoughtTokens: z.number().nullish(),
  cachedReadTokens: z.number().nullish(),
  cachedWriteTokens: z.number().nullish(),
});
export type TurnUsage = z.infer<typeof turnUsageSchema>;
