import { describe, expect, it } from "vitest";
import { en } from "../../../../shared/i18n/en";
import { ja } from "../../../../shared/i18n/ja";
import { messages as enConsole } from "./en-console";
import { messages as enCore } from "./en-core";
import { messages as jaConsole } from "./ja-console";
import { messages as jaCore } from "./ja-core";

// The browser gets each language in two parts (client/src/lib/i18n.ts). A namespace added to
// shared/i18n but to neither part would show its keys raw in the console.
const SERVER_ONLY = ["mail", "pages"];

describe.each([
  ["en", en, enCore, enConsole],
  ["ja", ja, jaCore, jaConsole],
] as const)("the %s messages the browser loads", (_lang, all, core, rest) => {
  it("cover every namespace but the server's own, each once, as the server has them", () => {
    const loaded = [...Object.keys(core), ...Object.keys(rest)];
    expect(new Set(loaded).size).toBe(loaded.length);
    expect([...loaded, ...SERVER_ONLY].sort()).toEqual(Object.keys(all).sort());
    for (const [name, namespace] of Object.entries({ ...core, ...rest })) {
      expect(namespace).toBe(all[name as keyof typeof all]);
    }
  });

  it("start with what the sign-in screens and the gates show", () => {
    expect(Object.keys(core).sort()).toEqual([
      "auth",
      "common",
      "crash",
      "errors",
      "gates",
      "shell",
      "validation",
    ]);
  });
});
