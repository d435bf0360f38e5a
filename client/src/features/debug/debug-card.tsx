import type { ReactNode } from "react";

export function DebugCard(props: {
  id: string;
  title: string;
  hint?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={props.id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={props.id} className="text-base font-semibold text-slate-900">
            {props.title}
          </h2>
          {props.hint ? <p className="mt-1 text-sm text-slate-600">{props.hint}</p> : null}
        </div>
        {props.actions}
      </div>
      <div className="mt-4">{props.children}</div>
    </section>
  );
}

/** A label/value grid; values are shown raw (monospace) since this page is about exact state. */
export function RawList({ entries, label }: { entries: [string, string][]; label: string }) {
  return (
    <dl
      aria-label={label}
      className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,max-content)_1fr]"
    >
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium text-slate-700">{key}</dt>
          <dd className="min-w-0 break-all font-mono text-xs leading-5 text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RawJson({ value }: { value: unknown }) {
  return (
    <pre className="max-h-96 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-5 text-slate-100">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
