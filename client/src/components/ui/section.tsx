import type { ReactNode } from "react";

/** One titled card of the settings page; the heading names the region for assistive tech. */
export function SettingsSection({
  id,
  title,
  description,
  aside,
  children,
  tone = "default",
}: {
  id: string;
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  tone?: "default" | "danger";
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`rounded-xl border bg-white p-4 shadow-sm sm:p-6 ${tone === "danger" ? "border-red-200" : "border-slate-200"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3 sm:flex-nowrap">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        {aside ? <div className="shrink-0">{aside}</div> : null}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
