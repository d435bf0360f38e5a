import { type FormEvent, useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { core, z } from "zod";
import { fieldErrors } from "../../../shared/schemas";

type Values = Record<string, string | boolean | readonly string[]>;
/**
 * `{ acceptTos: false }` as initial values still means a checkbox that can become true; `[]` is a
 * multi-select's list of chosen ids.
 */
type Widened<V extends Values> = {
  [K in keyof V]: V[K] extends boolean ? boolean : V[K] extends readonly string[] ? string[] : string;
};

export interface ZodForm<V extends Values, Out> {
  values: V;
  /** Translated first message per field, in the current language. */
  errors: Record<string, string>;
  submitting: boolean;
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  /** Validates with the shared schema; calls `onValid` only with parsed data. Values are never reset. */
  handleSubmit: (onValid: (data: Out) => Promise<void> | void) => (event: FormEvent<HTMLFormElement>) => void;
  reset: (values?: V) => void;
  /** The props a text or password field needs for one string value: name, value, change, error. */
  field: <K extends StringKeys<V>>(
    name: K,
  ) => { name: K; value: string; onValueChange: (value: string) => void; error: string | undefined };
}

type StringKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * A form validated by the shared zod schema (DESIGN rule 4): the same messages as the server, shown
 * under each field. Errors appear on the first submit and then follow every change.
 */
export function useZodForm<I extends Values, Out>(
  schema: z.ZodType<Out>,
  initialValues: I,
): ZodForm<Widened<I>, Out> {
  type V = Widened<I>;
  const initial = initialValues as unknown as V;
  const { t } = useTranslation();
  const [values, setValuesState] = useState<V>(initial);
  const current = useRef(values);
  const setValues = useCallback((next: V) => {
    current.current = next;
    setValuesState(next);
  }, []);
  const [issues, setIssues] = useState<readonly core.$ZodIssue[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const inFlight = useRef(false);

  const validate = useCallback(
    (next: V): { ok: true; data: Out } | { ok: false } => {
      const result = schema.safeParse(next);
      setIssues(result.success ? [] : result.error.issues);
      return result.success ? { ok: true, data: result.data as Out } : { ok: false };
    },
    [schema],
  );

  const set = useCallback(
    <K extends keyof V>(name: K, value: V[K]) => {
      const next = { ...current.current, [name]: value };
      setValues(next);
      if (submitted.current) validate(next);
    },
    [validate, setValues],
  );

  const handleSubmit = useCallback(
    (onValid: (data: Out) => Promise<void> | void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (inFlight.current) return;
      submitted.current = true;
      const form = event.currentTarget;
      const result = validate(current.current);
      if (!result.ok) {
        // After React has rendered the messages, move focus to the first field that needs attention.
        setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
        return;
      }
      inFlight.current = true;
      setSubmitting(true);
      void (async () => {
        try {
          await onValid(result.data);
        } catch (error) {
          // Callers show their own failures; anything that escapes them is a bug worth a trace.
          console.error("Form submission failed", error);
        } finally {
          inFlight.current = false;
          setSubmitting(false);
        }
      })();
    },
    [validate],
  );

  const reset = useCallback(
    (next?: V) => {
      submitted.current = false;
      setIssues([]);
      setValues(next ?? initial);
    },
    [initial, setValues],
  );

  const errors = useMemo(() => fieldErrors(issues, t), [issues, t]);
  const field = <K extends StringKeys<V>>(name: K) => ({
    name,
    value: values[name] as string,
    onValueChange: (value: string) => set(name, value as V[K]),
    error: errors[name],
  });
  return { values, errors, submitting, set, handleSubmit, reset, field };
}

/** The message for a field, or for the first of its items ("domains.2") when the list itself is fine. */
export function errorAt(errors: Record<string, string>, path: string): string | undefined {
  if (errors[path] !== undefined) return errors[path];
  const item = Object.keys(errors).find((key) => key.startsWith(`${path}.`));
  return item === undefined ? undefined : errors[item];
}
