import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { expect } from "vitest";

// Reading /metrics as Prometheus would, with a real text-format parser (promtool's check is not
// available offline): every family is announced with HELP and TYPE, and every sample line is
// accounted for by what the parser read. The parser folds a histogram's label sets into one, so
// each histogram series is parsed on its own as well and returned as a sample with labels.

export type Families = ReturnType<typeof parsePrometheusTextFormat>;

interface Block {
  header: string[];
  lines: string[];
}

function blocks(text: string): Block[] {
  const out: Block[] = [];
  let current: Block | undefined;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    if (line.startsWith("# HELP ")) {
      current = { header: [line], lines: [] };
      out.push(current);
    } else if (line.startsWith("#")) current?.header.push(line);
    else current?.lines.push(line);
  }
  return out;
}

const withoutLe = (line: string) =>
  line
    .replace(/^[a-zA-Z_:][\w:]*/, "")
    .replace(/le="[^"]*",?/, "")
    .split(" ")[0];

export function parseExposition(text: string): Families {
  const families: Families = [];
  const all = blocks(text);
  for (const block of all) {
    expect(block.header.filter((l) => l.startsWith("# TYPE ")).length).toBe(1);
    const type = block.header.find((l) => l.startsWith("# TYPE "))?.split(" ")[3];
    // A metric nothing has touched yet is announced without samples.
    if (block.lines.length === 0) continue;
    if (type !== "histogram" && type !== "summary") {
      const [family, ...rest] = parsePrometheusTextFormat(
        `${block.header.join("\n")}\n${block.lines.join("\n")}\n`,
      );
      expect(rest).toEqual([]);
      expect(family?.metrics.length ?? 0).toBe(block.lines.length);
      if (family) families.push(family);
      continue;
    }
    const series = new Map<string, string[]>();
    for (const line of block.lines)
      series.set(withoutLe(line) ?? "", [...(series.get(withoutLe(line) ?? "") ?? []), line]);
    let merged: Families[number] | undefined;
    for (const lines of series.values()) {
      const [family] = parsePrometheusTextFormat(`${block.header.join("\n")}\n${lines.join("\n")}\n`);
      const sample = family?.metrics[0];
      const parsedLines = Object.keys(sample?.buckets ?? sample?.quantiles ?? {}).length + 2;
      expect(parsedLines).toBe(lines.length);
      // The series' own labels, read back from its _count line by the same parser.
      const countLine = lines.find((l) => /_count[{ ]/.test(l)) ?? "";
      const [counted] = parsePrometheusTextFormat(
        `# TYPE x_total counter\n${countLine.replace(/^[a-zA-Z_:][\w:]*/, "x_total")}\n`,
      );
      if (!family || !sample) continue;
      merged ??= { ...family, metrics: [] };
      const read = counted?.metrics[0];
      merged.metrics.push({
        ...sample,
        labels: read?.labels ?? {},
        ...(read?.value ? { count: read.value } : {}),
      });
    }
    if (merged) families.push(merged);
  }
  expect(families.length).toBe(all.filter((b) => b.lines.length > 0).length);
  return families;
}

/** The value of one sample (a counter or gauge; a histogram's count), summed over matching series. */
export function sampleValue(families: Families, name: string, labels: Record<string, string>): number {
  const family = families.find((f) => f.name === name);
  return (family?.metrics ?? [])
    .filter((s) => Object.entries(labels).every(([k, v]) => s.labels?.[k] === v))
    .reduce((n, s) => n + Number(s.value ?? s.count ?? 0), 0);
}

export function allLabelValues(families: Families): string[] {
  return families.flatMap((f) => f.metrics.flatMap((s) => Object.values(s.labels ?? {})));
}
