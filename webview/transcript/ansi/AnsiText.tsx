/**
 * Terminal text with its ANSI colours. The 16 theme colours are classes over the
 * `--vscode-terminal-ansi*` variables (so they follow the theme); 256-colour and truecolour
 * values are exact colours.
 */
import { type CSSProperties, memo, useMemo } from "react";
import { type AnsiColor, type AnsiRun, parseAnsi } from "./parseAnsi";

export const AnsiText = memo(function AnsiText({ text }: { text: string }) {
  const runs = useMemo(() => parseAnsi(text), [text]);
  return (
    <>
      {runs.map((run, index) => (
        <AnsiSpan key={index} run={run} />
      ))}
    </>
  );
});

function AnsiSpan({ run }: { run: AnsiRun }) {
  const { style } = run;
  const fg = style.inverse ? (style.bg ?? "default-bg") : style.fg;
  const bg = style.inverse ? (style.fg ?? "default-fg") : style.bg;
  const classes: string[] = [];
  const inline: CSSProperties = {};
  applyColor(fg, "fg", classes, inline);
  applyColor(bg, "bg", classes, inline);
  if (style.bold) classes.push("ansi-bold");
  if (style.dim) classes.push("ansi-dim");
  if (style.italic) classes.push("ansi-italic");
  if (style.underline) classes.push("ansi-underline");
  if (style.strike) classes.push("ansi-strike");
  if (classes.length === 0 && fg === undefined && bg === undefined) return <>{run.text}</>;
  return (
    <span className={classes.join(" ") || undefined} style={Object.keys(inline).length > 0 ? inline : undefined}>
      {run.text}
    </span>
  );
}

/**
 * A program's colour, pulled halfway toward the terminal's text colour so it stays readable on the
 * theme's background (VS Code's terminal enforces a minimum contrast ratio for the same reason).
 */
function readableForeground(color: string): string {
  return `color-mix(in srgb, ${color} 50%, var(--vscode-terminal-foreground, var(--vscode-foreground)))`;
}

function applyColor(color: AnsiColor | undefined, layer: "fg" | "bg", classes: string[], inline: CSSProperties): void {
  if (color === undefined) return;
  if (color === "default-fg" || color === "default-bg")
    classes.push(`ansi-${layer}-${color === "default-fg" ? "default" : "inverse"}`);
  else if (typeof color === "number") classes.push(`ansi-${layer}-${color}`);
  else if (layer === "fg") inline.color = readableForeground(color);
  else inline.backgroundColor = color;
}
