import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { DebugCard, RawJson, RawList } from "./debug-card";

/** Every localStorage entry, or undefined where the browser refuses access (privacy modes). */
function readLocalStorage(): [string, string][] | undefined {
  try {
    const entries: [string, string][] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null) entries.push([key, localStorage.getItem(key) ?? ""]);
    }
    return entries.sort(([a], [b]) => a.localeCompare(b));
  } catch {
    return undefined;
  }
}

function StorageList() {
  const { t, i18n } = useTranslation();
  // Read after mounting: storage does not exist during a server render, and the language switch
  // writes to it, so it is read again when the language changes.
  const [entries, setEntries] = useState<[string, string][] | undefined | null>(null);
  useEffect(() => {
    if (i18n.language) setEntries(readLocalStorage());
  }, [i18n.language]);
  if (entries === null) return <p className="text-sm text-slate-600">{t("debug.state.loading")}</p>;
  if (entries === undefined)
    return <p className="text-sm text-slate-600">{t("debug.state.storageUnavailable")}</p>;
  if (entries.length === 0) return <p className="text-sm text-slate-600">{t("debug.state.storageEmpty")}</p>;
  return <RawList label={t("debug.state.storage")} entries={entries} />;
}

function ViewerState() {
  const { t } = useTranslation();
  const viewer = trpc.account.viewer.useQuery(undefined, { retry: false });
  if (viewer.isPending) return <p className="text-sm text-slate-600">{t("debug.state.loading")}</p>;
  if (viewer.isError) {
    return (
      <p className="text-sm text-red-700">
        {t("debug.state.failed", { message: viewer.error.message })}
        {viewer.error.data?.code ? (
          <span className="ml-1 font-mono text-xs">({viewer.error.data.code})</span>
        ) : null}
      </p>
    );
  }
  return <RawJson value={viewer.data} />;
}

export function StateSection() {
  const { t } = useTranslation();
  return (
    <DebugCard id="debug-state" title={t("debug.state.title")}>
      <div className="flex flex-col gap-5">
        <RawList
          label={t("debug.state.language")}
          entries={[[t("debug.state.language"), currentLanguage()]]}
        />
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-800">{t("debug.state.storage")}</h3>
          <StorageList />
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-800">{t("debug.state.viewer")}</h3>
          <ViewerState />
        </div>
      </div>
    </DebugCard>
  );
}

function scriptNames(): string {
  if (typeof document === "undefined") return "";
  const sources = [...document.querySelectorAll<HTMLScriptElement>("script[src]")].map(
    (s) => new URL(s.src, location.href).pathname,
  );
  return sources.join(", ");
}

export function BuildSection() {
  const { t } = useTranslation();
  const [browser, setBrowser] = useState<{ page: string; userAgent: string; scripts: string }>();
  useEffect(() => {
    setBrowser({ page: location.href, userAgent: navigator.userAgent, scripts: scriptNames() });
  }, []);
  const entries: [string, string][] = [
    [t("debug.build.mode"), import.meta.env.MODE],
    [t("debug.build.bundle"), browser?.scripts ?? ""],
    [t("debug.build.page"), browser?.page ?? ""],
    [t("debug.build.userAgent"), browser?.userAgent ?? ""],
  ];
  return (
    <DebugCard id="debug-build" title={t("debug.build.title")}>
      <RawList label={t("debug.build.title")} entries={entries} />
    </DebugCard>
  );
}
