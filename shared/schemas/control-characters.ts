// One rule for every string that enters the product, whatever the surface or the field: no C0
// control characters other than tab, line feed and carriage return, and no DEL. Postgres refuses
// NUL in text outright (a server error instead of a message) and the others only hide text from
// people. Each surface applies it to its whole input before any procedure, resolver or route runs
// (docs/decisions/0016-control-characters-at-the-door.md); form schemas apply it per field so
// the console can show the message next to the field.

/** The message key of a refusal (English and Japanese in shared/i18n validation.controlCharacters). */
export const CONTROL_CHARACTERS_KEY = "validation.controlCharacters" as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

export type InputPath = (string | number)[];

/** What URLSearchParams and the like offer: entries of names and values. */
interface EntryList {
  entries(): IterableIterator<[string, unknown]>;
}

function isEntryList(value: object): value is EntryList {
  return typeof URLSearchParams !== "undefined" && value instanceof URLSearchParams;
}

/**
 * Objects made as records: literals, JSON, and the null-prototype records query parsers build
 * (fast-querystring's instances of a constructor whose prototype has none). Class instances
 * (buffers, dates, a parsed document's locations) are not input text and are not walked.
 */
function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/** A step of the walk: the value, and how it was reached (a chain, so no path is copied per step). */
interface Step {
  value: unknown;
  key: string | number | null;
  parent: Step | null;
}

function pathOf(step: Step | null): InputPath {
  const path: InputPath = [];
  for (let at = step; at !== null && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path of the first string (a value or an object's key) in `input` that holds a control
 * character, or null. Walks parsed JSON, query objects and form bodies without recursion and in
 * time linear in the input, so a deeply nested body can neither overflow the stack nor stall the
 * server; binary bodies (buffers) are not text and are skipped.
 */
export function findControlCharacters(input: unknown): InputPath | null {
  const stack: Step[] = [{ value: input, key: null, parent: null }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    const { value } = step;
    if (typeof value === "string") {
      if (hasControlCharacters(value)) return pathOf(step);
      continue;
    }
    if (value === null || typeof value !== "object" || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: step });
      continue;
    }
    const entries = isEntryList(value)
      ? [...value.entries()]
      : isPlainObject(value)
        ? Object.entries(value)
        : [];
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i] as [string, unknown];
      if (hasControlCharacters(key)) return [...pathOf(step), key];
      stack.push({ value: item, key, parent: step });
    }
  }
  return null;
}
