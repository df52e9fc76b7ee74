/**
 * Run as its own process by test/unit/formPattern.test.ts, which kills it after a deadline: the
 * host's form checks against a catastrophic pattern (`^(a+)+$`, 40 `a`s and a `!`). A backtracking
 * engine would spin here for minutes; the parent test sees the timeout instead of hanging itself.
 * Prints the verdicts as one JSON line.
 */
import { ElicitationBroker } from "../../src/acp/client/callbacks/elicitationBroker";
import { parseFormSchema, validateForm } from "../../src/shared/forms/formSchema";
import type { ThreadAction } from "../../src/shared/thread/threadActions";

const bad = `${"a".repeat(40)}!`;
const schema = {
  type: "object",
  properties: { code: { type: "string", title: "Code", pattern: "^(a+)+$", default: bad } },
  required: ["code"],
};

const parsed = parseFormSchema(schema);
if (!parsed.ok) throw new Error(parsed.error);
const direct = validateForm(parsed.fields, { code: bad });

const actions: ThreadAction[] = [];
const broker = new ElicitationBroker("Fuzz", (_session, action) => actions.push(action));
const answer = broker.create(
  { sessionId: "s1", mode: "form", message: "Code?", requestedSchema: schema } as never,
  new AbortController().signal,
);
const requestId = (actions[0] as { requestId: string }).requestId;
const refused = broker.submit(requestId, { code: bad });
const accepted = broker.submit(requestId, { code: "a".repeat(40) });
void answer.then((response) => console.log(JSON.stringify({ direct, refused, accepted, response })));
