import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogActions } from "../../../components/ui/dialog";
import { SelectField } from "../../../components/ui/field";
import { ErrorState, LoadingState } from "../../../components/ui/state";
import { useViewerQuery } from "../../../lib/session";
import { trpc } from "../../../lib/trpc";
import type { ShipmentDetail } from "./types";
import type { ShipmentActions } from "./use-shipment-actions";

/** Move to another team of the company (Premium/Enterprise, Admin or Manager: viewerCan.moveTeam). */
export function MoveTeamDialog({
  shipment,
  actions,
  onOpenChange,
}: {
  shipment: ShipmentDetail;
  actions: ShipmentActions;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const teams = trpc.teams.list.useQuery();
  const [teamId, setTeamId] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const role = useViewerQuery().data?.role;
  // The server moves shipments only into teams the mover could add them to: any team for an
  // Admin, the teams they belong to for everyone else.
  const others = (teams.data ?? []).filter(
    (team) => team.id !== shipment.team.id && (role === "ADMIN" || team.joined),
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = others.find((team) => team.id === teamId);
    if (!target) {
      setError(t("validation.required"));
      return;
    }
    const moved = await actions.moveTeam(target);
    if (moved) onOpenChange(false);
  };

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={t("shipmentDetail.move.title")}
      description={t("shipmentDetail.move.description")}
      closeLabel={t("common.close")}
    >
      {teams.isError ? (
        <ErrorState message={t("shipmentDetail.loadFailed")} onRetry={() => void teams.refetch()} />
      ) : !teams.data ? (
        <LoadingState />
      ) : others.length === 0 ? (
        <p className="mt-5 text-sm text-slate-600">{t("shipmentDetail.move.noTeams")}</p>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-5 flex flex-col gap-5">
          <SelectField
            label={t("shipmentDetail.move.team")}
            name="teamId"
            value={teamId}
            onValueChange={(value) => {
              setTeamId(value);
              setError(undefined);
            }}
            options={[
              { value: "", label: t("shipmentDetail.move.choose") },
              ...others.map((team) => ({ value: team.id, label: team.name })),
            ]}
            error={error}
          />
          <DialogActions
            onCancel={() => onOpenChange(false)}
            submitLabel={t("shipmentDetail.move.submit")}
            pending={actions.pending.update}
          />
        </form>
      )}
    </Dialog>
  );
}
