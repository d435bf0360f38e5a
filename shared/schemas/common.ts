// Building blocks shared by every schema file; the message-key convention is explained in index.ts.

import { type core, z } from "zod";
import type { en } from "../i18n/en";
import { CONTROL_CHARACTERS_KEY, hasControlCharacters } from "./control-characters";

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every translatable key ("validation.required", "errors.CSV_INVALID_LINER", ...). */
export type MessageKey = Leaves<typeof en>;

/** Marks a string as a message key so a typo fails the typecheck. */
export const msg = <K extends MessageKey>(key: K): K => key;

export type MessageParams = Record<string, string | number>;

type IssueSink = { addIssue(issue: core.$ZodRawIssue | string): void };

/** Adds a custom issue whose message is a key and whose params fill the key's {{placeholders}}. */
export function addIssue(
  ctx: IssueSink,
  key: MessageKey,
  options: { params?: MessageParams; path?: PropertyKey[]; input?: unknown } = {},
): void {
  ctx.addIssue({
    code: "custom",
    message: key,
    input: options.input,
    ...(options.params ? { params: options.params } : {}),
    ...(options.path ? { path: options.path } : {}),
  });
}

/** HTML living standard's e-mail pattern, plus a dot in the domain as the console expects. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const EMAIL_MAX_LENGTH = 254;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** E-mail addresses are compared case-insensitively (spec 01 §5, invitations). */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

const required = msg("validation.required");

export { hasControlCharacters };

/** The rule of control-characters.ts on one field, so a form shows its message next to the field. */
export const noControlCharacters = {
  fn: (value: string) => !hasControlCharacters(value),
  error: msg(CONTROL_CHARACTERS_KEY),
};

/** A trimmed string that must not be blank. */
export function requiredString(options: { max?: number; key?: MessageKey } = {}) {
  const key = options.key ?? required;
  return z
    .string({ error: key })
    .trim()
    .min(1, { error: key, abort: true })
    .max(options.max ?? 255, { error: msg("validation.tooLong") })
    .refine(noControlCharacters.fn, { error: noControlCharacters.error });
}

/** A trimmed optional string; null and absent both mean "not given". */
export function optionalText(max = 255) {
  return z
    .string({ error: msg("validation.invalid") })
    .trim()
    .max(max, { error: msg("validation.tooLong") })
    .refine(noControlCharacters.fn, { error: noControlCharacters.error })
    .nullish();
}

export function emailField(options: { requiredKey?: MessageKey } = {}) {
  const key = options.requiredKey ?? required;
  return z
    .string({ error: key })
    .trim()
    .min(1, { error: key, abort: true })
    .refine(isEmail, { error: msg("validation.invalidEmail") });
}

/** Any 8-4-4-4-12 hex id: the fixed role ids are not RFC 4122 versions, so z.uuid() would refuse them. */
export function idField(key: MessageKey = msg("validation.invalidId")) {
  return z.guid({ error: key });
}

/**
 * A number typed in a form (string) or sent by an API (number). Blank is "required", anything else
 * not a finite number is "numeric".
 */
export function numberField(options: { int?: boolean; min?: number; minKey?: MessageKey } = {}) {
  let target = z.number({ error: msg("validation.numeric") });
  if (options.int !== false) target = target.int({ error: msg("validation.integer") });
  if (options.min !== undefined) {
    target = target.min(options.min, { error: options.minKey ?? msg("validation.min") });
  }
  return z
    .union([z.number(), z.string()], {
      error: (iss) => (iss.input === undefined || iss.input === null ? required : msg("validation.numeric")),
    })
    .transform((value, ctx) => {
      if (typeof value === "number") return value;
      const text = value.trim();
      if (text === "") {
        addIssue(ctx, required, { input: value });
        return z.NEVER;
      }
      return Number(text);
    })
    .pipe(target);
}

/** A checkbox that must be ticked (terms, deletion confirmation). */
export function mustBeTrue(key: MessageKey) {
  return z.literal(true, { error: key });
}

export function enumField<const T extends readonly [string, ...string[]]>(
  values: T,
  keys: { required?: MessageKey; invalid?: MessageKey } = {},
) {
  const requiredKey = keys.required ?? required;
  const invalidKey = keys.invalid ?? msg("validation.invalidOption");
  return z.enum(values, {
    error: (iss) =>
      iss.input === undefined || iss.input === null || iss.input === "" ? requiredKey : invalidKey,
  });
}

/** A switch or checkbox value. */
export function booleanField() {
  return z.boolean({
    error: (iss) => (iss.input === undefined || iss.input === null ? required : msg("validation.invalid")),
  });
}

/** A list whose wrong shape is reported with a key rather than zod's English. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.array(item, { error: msg("validation.invalid") });
}
