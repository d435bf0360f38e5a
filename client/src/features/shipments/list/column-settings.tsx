import { Columns3 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { COLUMN_MIN_WIDTH } from "../../../../../shared/constants";
import { ColumnSetting } from "../../../../../shared/schemas/search";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogActions } from "../../../components/ui/dialog";
import { inputClasses } from "../../../components/ui/field";
import { ChevronDownIcon, DecorativeIcon, type IconProps } from "../../../components/ui/icons";
import { columnLabelKey, isColumnId, moveColumn } from "./columns";

interface Draft {
  id: string;
  isVisible: boolean;
  /** As typed, so a half-typed number can be corrected. */
  width: string;
}

function ColumnsIcon(props: IconProps) {
  return <DecorativeIcon icon={Columns3} {...props} />;
}

/**
 * The column settings dialog (list mode only, spec 01 §2): visibility, order and width of every
 * column; widths below COLUMN_MIN_WIDTH are refused with the shared schema's message.
 */
export function ColumnSettings({
  columns,
  onApply,
}: {
  columns: readonly ColumnSetting[];
  onApply: (columns: ColumnSetting[]) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const start = () => {
    setDraft(columns.map((c) => ({ id: c.id, isVisible: c.isVisible, width: String(c.width) })));
    setErrors({});
    setOpen(true);
  };
  const patch = (index: number, change: Partial<Draft>) =>
    setDraft((list) => list.map((d, i) => (i === index ? { ...d, ...change } : d)));
  const move = (from: number, to: number) => setDraft((list) => moveColumn(list, from, to));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: ColumnSetting[] = [];
    const problems: Record<string, string> = {};
    for (const d of draft) {
      const parsed = ColumnSetting.safeParse({ id: d.id, isVisible: d.isVisible, width: Number(d.width) });
      if (parsed.success) next.push(parsed.data);
      else problems[d.id] = t("validation.columnWidthMin", { min: COLUMN_MIN_WIDTH });
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      document.getElementById(`column-width-${Object.keys(problems)[0]}`)?.focus();
      return;
    }
    onApply(next);
    setOpen(false);
  };

  return (
    <>
      <Button onClick={start}>
        <ColumnsIcon />
        {t("shipmentList.columns.button")}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t("shipmentList.columns.title")}
        description={t("shipmentList.columns.description", { min: COLUMN_MIN_WIDTH })}
        closeLabel={t("common.close")}
        size="lg"
      >
        <form onSubmit={submit} noValidate className="mt-4 space-y-4">
          <ul className="max-h-[55dvh] divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
            {draft.map((d, index) => {
              const name = isColumnId(d.id) ? t(columnLabelKey(d.id)) : d.id;
              const error = errors[d.id];
              return (
                <li key={d.id} className="flex flex-wrap items-center gap-3 px-3 py-2">
                  <label className="flex min-w-0 flex-1 items-center gap-2.5 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      checked={d.isVisible}
                      onChange={(event) => patch(index, { isVisible: event.target.checked })}
                      aria-label={t("shipmentList.columns.show", { name })}
                      className="size-4 rounded border-slate-300 accent-blue-700"
                    />
                    <span className="truncate">{name}</span>
                  </label>
                  <div className="w-24 shrink-0">
                    <input
                      id={`column-width-${d.id}`}
                      type="number"
                      min={COLUMN_MIN_WIDTH}
                      step={10}
                      value={d.width}
                      onChange={(event) => patch(index, { width: event.target.value })}
                      aria-label={t("shipmentList.columns.width", { name })}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `column-width-${d.id}-error` : undefined}
                      className={`${inputClasses} py-1 ${error ? "border-red-500" : "border-slate-300"}`}
                    />
                  </div>
                  <span className="flex gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => move(index, index - 1)}
                      disabled={index === 0}
                      aria-label={t("shipmentList.columns.moveUp", { name })}
                    >
                      <ChevronDownIcon className="size-4 rotate-180" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => move(index, index + 1)}
                      disabled={index === draft.length - 1}
                      aria-label={t("shipmentList.columns.moveDown", { name })}
                    >
                      <ChevronDownIcon className="size-4" />
                    </Button>
                  </span>
                  {error ? (
                    <p id={`column-width-${d.id}-error`} className="w-full text-xs text-red-700">
                      {error}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <DialogActions
            onCancel={() => setOpen(false)}
            submitLabel={t("shipmentList.columns.apply")}
            pending={false}
          />
        </form>
      </Dialog>
    </>
  );
}
