import { type FormEvent, useCallback, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import type { core, z } from "zod";
import { fieldErrors } from "../../../shared/schemas/issues";

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
 * The schema, or a way to load it: a page whose first paint should not wait for zod (the sign-in
 * page) passes `() => import(…)`; the form fetches it on the first change or the submit.
 */
export type SchemaSource<Out> = z.ZodType<Out> | (() => Promise<z.ZodType<Out>>);

const isSchema = <Out>(source: SchemaSource<Out>): source is z.ZodType<Out> => typeof source !== "function";

/**
 * A form validated by the shared zod schema (DESIGN rule 4): the same messages as the server, shown
 * under each field. Errors appear on the first submit and then follow every change.
 */
export function useZodForm<I extends Values, Out>(
  source: SchemaSource<Out>,
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
  const schema = useRef(isSchema(source) ? source : undefined);
  const schemaLoad = useRef<Promise<z.ZodType<Out>> | undefined>(undefined);
  // A schema passed as such is used as it changes; a loader is asked once (again after a failure).
  if (isSchema(source)) schema.current = source;
  const loadSchema = useCallback((): Promise<z.ZodType<Out>> => {
    if (schema.current) return Promise.resolve(schema.current);
    if (isSchema(source)) return Promise.resolve(source);
    if (!schemaLoad.current) {
      const loading = source().then((loaded) => {
        schema.current = loaded;
        return loaded;
      });
      loading.catch(() => {
        schemaLoad.current = undefined;
      });
      schemaLoad.current = loading;
    }
    return schemaLoad.current;
  }, [source]);

  const validate = useCallback((next: V): { ok: true; data: Out } | { ok: false } => {
    if (!schema.current) return { ok: false };
    const result = schema.current.safeParse(next);
    setIssues(result.success ? [] : result.error.issues);
    return result.success ? { ok: true, data: result.data as Out } : { ok: false };
  }, []);

  const set = useCallback(
    <K extends keyof V>(name: K, value: V[K]) => {
      const next = { ...current.current, [name]: value };
      setValues(next);
      if (submitted.current) validate(next);
      // Someone is filling the form in: a schema still to load is fetched before they submit.
      else if (!schema.current) loadSchema().catch(() => {});
    },
    [validate, setValues, loadSchema],
  );

  const handleSubmit = useCallback(
    (onValid: (data: Out) => Promise<void> | void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (inFlight.current) return;
      const form = event.currentTarget;
      const submit = () => {
        submitted.current = true;
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
      };
      if (schema.current) return submit();
      // Only a form given a loader gets here, before its schema has arrived: it validates once it has.
      inFlight.current = true;
      loadSchema().then(
        () => {
          inFlight.current = false;
          // Rendered at once, as after a click, so the focus below finds the fields in error.
          flushSync(submit);
        },
        (error) => {
          inFlight.current = false;
          // A chunk that fails to load also reaches main.tsx (vite:preloadError), which reloads.
          console.error("The form's schema did not load", error);
        },
      );
    },
    [validate, loadSchema],
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
