import { useTranslation } from "react-i18next";
import { LoadingState } from "../../../components/ui/state";
import { useDocumentTitle } from "../../../lib/document-title";
import { useSelectedTeam } from "../../../lib/selected-team";
import { ShipmentListScreen } from "./shipment-list-screen";

/** The console home (/app/console): the shipment list of the selected team, or of headquarters. */
export function ShipmentsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("shipmentList.title"));
  const team = useSelectedTeam();
  if (!team.teamId) return <LoadingState />;
  // Keyed by team: a switch starts from a clean search, filter, page and selection.
  return <ShipmentListScreen key={team.teamId} selectedTeamId={team.teamId} kind={team.kind} />;
}
