import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { BulkResult } from "../../../../../shared/schemas/list";
import { Dialog, DialogActions } from "../../../components/ui/dialog";
import { SelectField } from "../../../components/ui/field";
import { useSelectedTeam } from "../../../lib/selected-team";
import { trpc } from "../../../lib/trpc";
import { useAction } from "../../../lib/use-action";
import { type SelectionStore, useSelectionCount } from "./selection-store";

/** Moving the selected shipments to another of the company's teams (Premium/Enterprise). */
export function MoveDialog({
  open,
  onOpenChange,
  store,
  currentTeamId,
  onMoved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  store: SelectionStore;
  currentTeamId: string | null;
  onMoved: (result: BulkResult) => Promise<void>;
}) {
  const { t } = useTranslation();
  const run = useAction();
  const count = useSelectionCount(store);
  const { offer } = useSelectedTeam();
  const teams = (offer?.teams ?? []).filter((team) => team.id !== currentTeamId);
  const [teamId, setTeamId] = useState("");
  const chosen = teams.some((team) => team.id === teamId) ? teamId : (teams[0]?.id ?? "");
  const move = trpc.shipments.bulkMove.useMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const result = await run(() => move.mutateAsync({ shipmentIds: store.selectedIds(), teamId: chosen }));
    if (!result) return;
    onOpenChange(false);
    await onMoved(result);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("shipmentList.bulk.moveTitle")}
      description={t("shipmentList.bulk.moveBody", { count })}
      closeLabel={t("common.close")}
    >
      <form onSubmit={submit} className="mt-4 space-y-5">
        {teams.length === 0 ? (
          <p className="text-sm text-slate-600">{t("shipmentList.bulk.noOtherTeam")}</p>
        ) : (
          <SelectField
            label={t("shipmentList.bulk.moveTeam")}
            value={chosen}
            onValueChange={setTeamId}
            options={teams.map((team) => ({ value: team.id, label: team.name }))}
          />
        )}
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel={t("shipmentList.bulk.moveSubmit")}
          pending={move.isPending || teams.length === 0}
        />
      </form>
    </Dialog>
  );
}
