import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Plan, Role } from "../../../../../shared/enums";
import { authorizeDecision } from "../../../../../shared/permissions";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/field";
import { LoadingState } from "../../../components/ui/state";
import { CsvDropZone } from "./csv-drop-zone";
import { CsvFormatHelp } from "./csv-format-help";
import { CsvResultDialog } from "./csv-result-dialog";
import { useCsvImport } from "./use-csv-import";

interface Props {
  teamId: string;
  plan: Plan;
  role: Role;
  teams: { id: string; name: string }[];
}

/** The Multiple tab: CSV file → check → register line by line → result modal (spec 01 §2, §4). */
export function CsvImport({ teamId, plan, role, teams }: Props) {
  const { t } = useTranslation();
  const { state, choose, start, reset } = useCsvImport(plan);
  const canChooseTeam = authorizeDecision({ role, plan, action: "csv.teamSelection" }).ok && teams.length > 1;
  const [targetTeam, setTargetTeam] = useState(teamId);
  useEffect(() => setTargetTeam(teamId), [teamId]);
  const processing = state.phase === "processing";

  // Leaving mid-way would stop after the line in flight; the browser asks first.
  useEffect(() => {
    if (!processing) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [processing]);

  return (
    <div className="grid gap-6">
      <p className="text-sm text-slate-700">{t("shipmentNew.csv.intro")}</p>
      <CsvFormatHelp plan={plan} />
      {canChooseTeam ? (
        <SelectField
          className="max-w-sm"
          label={t("shipmentNew.csv.team")}
          hint={t("shipmentNew.csv.teamHint")}
          value={targetTeam}
          onValueChange={setTargetTeam}
          options={teams.map((team) => ({ value: team.id, label: team.name }))}
          disabled={processing}
        />
      ) : null}

      {state.phase === "idle" || state.phase === "fileError" ? (
        <CsvDropZone onFile={(file) => void choose(file)} />
      ) : null}

      {state.phase === "reading" ? <LoadingState label={t("shipmentNew.csv.reading")} /> : null}

      {state.phase === "fileError" ? (
        <Alert tone="error" role="alert" title={`${t("shipmentNew.csv.fileError")}: ${state.fileName}`}>
          {state.error.lineNo === undefined
            ? t(state.error.key, state.error.params)
            : t("shipmentNew.csv.atLine", {
                lineNo: state.error.lineNo,
                message: t(state.error.key, state.error.params),
              })}
        </Alert>
      ) : null}

      {state.phase === "ready" ? (
        <ReadyPanel
          fileName={state.fileName}
          total={state.lines.length}
          invalid={state.lines.filter((l) => l.error !== null).length}
          onStart={() => void start(targetTeam, state.fileName, state.lines)}
          onCancel={reset}
        />
      ) : null}

      {state.phase === "processing" ? <Progress done={state.results.length} total={state.total} /> : null}

      {state.phase === "done" ? <CsvResultDialog results={state.results} onDone={reset} /> : null}
    </div>
  );
}

function ReadyPanel(props: {
  fileName: string;
  total: number;
  invalid: number;
  onStart: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={props.fileName}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <p className="font-medium break-all text-slate-900">{props.fileName}</p>
      <p className="text-sm text-slate-700">{t("shipmentNew.csv.ready", { count: props.total })}</p>
      {props.invalid > 0 ? (
        <Alert tone="warning">{t("shipmentNew.csv.invalid", { count: props.invalid })}</Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button variant="primary" onClick={props.onStart} disabled={props.total === 0}>
          {t("shipmentNew.csv.start", { count: props.total })}
        </Button>
        <Button variant="secondary" onClick={props.onCancel}>
          {t("shipmentNew.csv.chooseAnother")}
        </Button>
      </div>
    </section>
  );
}

function Progress({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation();
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  return (
    <section className="grid gap-2" aria-live="polite">
      <p className="text-sm font-medium text-slate-800">{t("shipmentNew.csv.processing", { done, total })}</p>
      <div
        role="progressbar"
        aria-label={t("shipmentNew.csv.progress")}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-blue-700 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-slate-500">{t("shipmentNew.csv.keepOpen")}</p>
    </section>
  );
}
