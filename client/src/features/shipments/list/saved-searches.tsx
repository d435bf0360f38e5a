import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SavedSearchItem } from "../../../../../shared/schemas/list";
import { SavedSearch, type SearchCondition } from "../../../../../shared/schemas/search";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog, Dialog, DialogActions } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { TrashIcon } from "../../../components/ui/icons-actions";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover";
import { ErrorState, LoadingState } from "../../../components/ui/state";
import { useZodForm } from "../../../lib/form";
import { trpc } from "../../../lib/trpc";
import { useAction } from "../../../lib/use-action";

function SaveDialog({
  open,
  onOpenChange,
  teamId,
  conditions,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamId: string | null;
  conditions: SearchCondition[];
}) {
  const { t } = useTranslation();
  const run = useAction();
  const utils = trpc.useUtils();
  const create = trpc.shipments.createSavedSearch.useMutation();
  // The shared schema, so a blank name gets the spec's message before any request.
  const form = useZodForm(SavedSearch.pick({ name: true }), { name: "" });
  const submit = form.handleSubmit(async ({ name }) => {
    const saved = await run(
      () => create.mutateAsync({ teamId, name, conditions }),
      (s) => t("shipmentList.saved.savedToast", { name: s.name }),
    );
    if (!saved) return;
    await utils.shipments.savedSearches.invalidate();
    form.reset({ name: "" });
    onOpenChange(false);
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("shipmentList.saved.saveTitle")}
      description={t("shipmentList.saved.saveBody", { count: conditions.length })}
      closeLabel={t("common.close")}
    >
      <form onSubmit={submit} noValidate className="mt-4 space-y-5">
        <TextField label={t("shipmentList.saved.name")} maxLength={100} autoFocus {...form.field("name")} />
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel={t("common.save")}
          pending={create.isPending}
        />
      </form>
    </Dialog>
  );
}

/**
 * Saved search conditions (spec 01 §2, §5): kept on the server for the team, applied in one
 * click, deleted after a confirmation. Saving takes the conditions applied now.
 */
export function SavedSearches({
  teamId,
  conditions,
  onApply,
}: {
  teamId: string | null;
  conditions: SearchCondition[];
  onApply: (saved: SavedSearchItem) => void;
}) {
  const { t } = useTranslation();
  const run = useAction();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<SavedSearchItem | null>(null);
  const list = trpc.shipments.savedSearches.useQuery({ teamId }, { enabled: open || saving });
  const remove = trpc.shipments.deleteSavedSearch.useMutation();

  const confirmDelete = async () => {
    if (!deleting) return;
    const done = await run(
      () => remove.mutateAsync({ id: deleting.id }),
      () => t("shipmentList.saved.deletedToast", { name: deleting.name }),
    );
    if (done) await utils.shipments.savedSearches.invalidate();
    setDeleting(null);
  };

  return (
    <>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button>{t("shipmentList.saved.button")}</Button>
        </PopoverTrigger>
        <PopoverContent align="start" className="w-[min(24rem,calc(100vw-2rem))] p-4">
          <h2 className="text-sm font-semibold text-slate-900">{t("shipmentList.saved.title")}</h2>
          <div className="mt-3">
            {list.isPending ? (
              <LoadingState className="py-4" />
            ) : list.isError ? (
              <ErrorState message={t("shipmentList.saved.loadFailed")} onRetry={() => list.refetch()} />
            ) : list.data.length === 0 ? (
              <p className="text-sm text-slate-500">{t("shipmentList.saved.empty")}</p>
            ) : (
              <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
                {list.data.map((s) => (
                  <li key={s.id} className="flex items-center gap-2 px-2 py-1.5">
                    <button
                      type="button"
                      onClick={() => {
                        onApply(s);
                        setOpen(false);
                      }}
                      aria-label={t("shipmentList.saved.apply", { name: s.name })}
                      className="min-w-0 flex-1 rounded px-1 py-1 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
                    >
                      <span className="block truncate text-sm font-medium text-slate-800">{s.name}</span>
                      <span className="block text-xs text-slate-500">
                        {t("shipmentList.saved.conditions", { count: s.conditions.length })}
                      </span>
                    </button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t("shipmentList.saved.delete", { name: s.name })}
                      onClick={() => setDeleting(s)}
                      className="text-red-700 hover:bg-red-50"
                    >
                      <TrashIcon className="size-4" />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="mt-3 border-t border-slate-100 pt-3">
            {conditions.length === 0 ? (
              <p className="text-xs text-slate-500">{t("shipmentList.saved.nothingToSave")}</p>
            ) : (
              <Button
                variant="primary"
                size="sm"
                onClick={() => {
                  setOpen(false);
                  setSaving(true);
                }}
              >
                {t("shipmentList.saved.save")}
              </Button>
            )}
          </div>
        </PopoverContent>
      </Popover>
      <SaveDialog open={saving} onOpenChange={setSaving} teamId={teamId} conditions={conditions} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("shipmentList.saved.confirmDeleteTitle")}
        body={t("shipmentList.saved.confirmDeleteBody", { name: deleting?.name ?? "" })}
        confirmLabel={t("shipmentList.saved.confirmDelete")}
        cancelLabel={t("common.cancel")}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        destructive
      />
    </>
  );
}
