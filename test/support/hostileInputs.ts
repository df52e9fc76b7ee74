/**
 * fast-check generators of hostile agent input for the fuzz suite (test/unit/fuzz*.test.ts):
 * Markdown that attacks the parser (deep nesting of quotes, lists and emphasis, huge tables, long
 * lines, delimiter soup) and elicitation schemas that attack the form code (catastrophic
 * patterns, nested schemas, huge enums).
 */
import fc from "fast-check";

const CONTAINER_SHAPES = [">", "> ", "- ", "* ", "1. ", "> - ", "indented list", "quote lines"] as const;
const INLINE_SHAPES = ["*a ", "_a ", "**a ", "~~a ", "[", "!["] as const;

/** A block nested `depth` levels deep, in one of the shapes that overflow marked's stack; `container` for quotes and lists. */
export const deepMarkdown = fc
  .record({
    depth: fc.oneof(fc.integer({ min: 1, max: 150 }), fc.integer({ min: 150, max: 6_000 })),
    shape: fc.constantFrom(...CONTAINER_SHAPES, ...INLINE_SHAPES),
    tail: fc.string({ maxLength: 20 }).map((text) => text.replace(/\n/g, " ")),
  })
  .map(({ depth, shape, tail }) => {
    const container = (CONTAINER_SHAPES as readonly string[]).includes(shape);
    if (shape === "indented list")
      return {
        container,
        depth: Math.min(depth, 300),
        source: Array.from({ length: Math.min(depth, 300) }, (_, i) => `${"  ".repeat(i)}- ${tail}`).join("\n"),
      };
    if (shape === "quote lines")
      return {
        container,
        depth: Math.min(depth, 500),
        source: Array.from({ length: Math.min(depth, 500) }, (_, i) => `${">".repeat(i + 1)} ${tail}`).join("\n"),
      };
    const closing =
      container || shape.startsWith("[") || shape.startsWith("!")
        ? ""
        : ` b${shape.trim().replace(/a$/, "")}`.repeat(depth);
    return { container, depth, source: `${shape.repeat(depth)}${tail}${closing}` };
  });

export const hugeTable = fc
  .record({
    columns: fc.integer({ min: 1, max: 200 }),
    rows: fc.integer({ min: 0, max: 300 }),
    cell: fc.constantFrom("x", "**b**", "`c`", "a|b", "[l](u)", ""),
  })
  .map(({ columns, rows, cell }) =>
    [
      `|${" h |".repeat(columns)}`,
      `|${"---|".repeat(columns)}`,
      ...Array.from({ length: rows }, () => `|${` ${cell} |`.repeat(columns)}`),
    ].join("\n"),
  );

export const longLine = fc
  .record({
    unit: fc.constantFrom("word ", "*", "_", "`", "[", "](", "<", "&amp;", "\\", "www.x.com ", "a*", "|"),
    count: fc.integer({ min: 1, max: 120_000 }),
  })
  .map(({ unit, count }) => unit.repeat(Math.min(count, Math.ceil(240_000 / unit.length))));

const markdownToken = fc.constantFrom(
  "*",
  "**",
  "_",
  "__",
  "~~",
  ">",
  "> ",
  "- ",
  "1. ",
  "\n",
  "\n\n",
  "  ",
  "\t",
  "`",
  "```",
  "~~~",
  "[",
  "](",
  ")",
  "|",
  "---",
  "# ",
  "a",
  "b c",
  "<b>",
  "&",
  "\\",
  "!",
);
export const markdownSoup = fc.array(markdownToken, { maxLength: 3_000 }).map((tokens) => tokens.join(""));

export const hostileMarkdown = fc.oneof(
  deepMarkdown.map((deep) => deep.source),
  hugeTable,
  longLine,
  markdownSoup,
);

/** A random regular expression over `a`/`b` with the constructs catastrophic patterns are made of. */
const patternTree: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("a", "b", ".", "[ab]", "[^b]", "\\w", "\\d", "\\s", "\\b", "^", "$", "(?:)", "\\p{L}"),
    tie("node").map((n) => `(${n})`),
    tie("node").map((n) => `(?:${n})+`),
    tie("node").map((n) => `(${n})*`),
    tie("node").map((n) => `${n}?`),
    fc.tuple(tie("node"), fc.nat(3), fc.nat(3)).map(([n, lo, extra]) => `(?:${n}){${lo},${lo + extra}}`),
    fc.tuple(tie("node"), tie("node")).map(([a, b]) => `${a}${b}`),
    fc.tuple(tie("node"), tie("node")).map(([a, b]) => `(?:${a}|${b})`),
  ),
})).node;

/** Patterns known to backtrack for minutes in a RegExp, lookaround and backreferences (not linear), and random trees. */
export const hostilePattern = fc.oneof(
  fc.constantFrom(
    "^(a+)+$",
    "^(a|a)*$",
    "^(a|aa)+$",
    "(x+x+)+y",
    "^(\\w+\\s?)*$",
    "^([a-z]+)*[0-9]$",
    "(a*)*b",
    "^(a?){30}a{30}$",
    "^(a)\\1+$",
    "(?=a)a+",
    "(?<!b)a",
    "(?<n>a)\\k<n>",
    "(",
    "a{5000}",
    "(a{1000}){1000}",
    `${"(".repeat(500)}a${")".repeat(500)}`,
  ),
  patternTree,
);

/** Values to check patterns against: short ones, and runs of `a` ending in a character that forces a full search. */
export const patternValue = fc.oneof(
  fc.stringMatching(/^[ab! ]{0,12}$/),
  fc
    .tuple(fc.integer({ min: 10, max: 2_000 }), fc.constantFrom("!", "b", ""))
    .map(([n, end]) => `${"a".repeat(n)}${end}`),
);

const property = fc.record(
  {
    type: fc.constantFrom("string", "number", "integer", "boolean", "array", "object", "null", "weird"),
    title: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
    pattern: fc.option(hostilePattern, { nil: undefined }),
    minLength: fc.option(fc.integer(), { nil: undefined }),
    maxLength: fc.option(fc.integer(), { nil: undefined }),
    enum: fc.option(fc.array(fc.string({ maxLength: 8 }), { maxLength: 700 }), { nil: undefined }),
    items: fc.option(
      fc.record({ type: fc.constant("string"), enum: fc.array(fc.string({ maxLength: 4 }), { maxLength: 600 }) }),
      { nil: undefined },
    ),
    default: fc.option(fc.oneof(fc.string({ maxLength: 60 }), fc.jsonValue()), { nil: undefined }),
  },
  { requiredKeys: ["type"] },
);

/** Nested properties, as an agent might send although ACP forms are flat. */
const nested = fc.integer({ min: 1, max: 3_000 }).map((depth) => {
  let schema: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < depth; i++) schema = { type: "object", properties: { inner: schema } };
  return schema;
});

export const hostileSchema = fc.record(
  {
    type: fc.constantFrom("object", undefined, "array"),
    properties: fc.oneof(
      fc.dictionary(
        fc.string({ minLength: 1, maxLength: 6 }),
        fc.oneof(
          { weight: 5, arbitrary: property },
          { weight: 1, arbitrary: nested },
          { weight: 1, arbitrary: fc.jsonValue() },
        ),
        { maxKeys: 12 },
      ),
      fc
        .integer({ min: 90, max: 130 })
        .map((n) =>
          Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, { type: "string", pattern: "^(a+)+$" }])),
        ),
    ),
    required: fc.option(fc.array(fc.string({ maxLength: 6 }), { maxLength: 5 }), { nil: undefined }),
  },
  { requiredKeys: ["properties"] },
);
