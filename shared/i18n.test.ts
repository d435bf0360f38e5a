import { describe, expect, it } from "vitest";
import { en } from "./i18n/en";
import { ja } from "./i18n/ja";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const enLeaves = leaves(en as unknown as Tree);
const jaLeaves = leaves(ja as unknown as Tree);

describe("en and ja messages", () => {
  it("have the same namespaces", () => {
    expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(Object.keys(en))("namespace %s has the same keys in both languages", (ns) => {
    const enKeys = [...enLeaves.keys()].filter((k) => k.startsWith(`${ns}.`)).sort();
    const jaKeys = [...jaLeaves.keys()].filter((k) => k.startsWith(`${ns}.`)).sort();
    expect(jaKeys).toEqual(enKeys);
  });

  it("have no empty Japanese message", () => {
    const empty = [...jaLeaves].filter(([, v]) => v.trim() === "").map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it("use the same {{placeholders}} in both languages", () => {
    const mismatched = [...enLeaves]
      .filter(([key, text]) => placeholders(text).join() !== placeholders(jaLeaves.get(key) ?? "").join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it("write parameters the i18next way, never as single braces", () => {
    const single = [...enLeaves, ...jaLeaves]
      .filter(([, text]) => /(^|[^{])\{\w+\}(?!\})/.test(text))
      .map(([key]) => key);
    expect(single).toEqual([]);
  });
});
