import { GuestHomePage } from "../features/share/guest-home-page";
import { ShipmentsPage } from "../features/shipments/list/shipments-page";
import { useSelectedTeam } from "../lib/selected-team";

/**
 * /app/console (spec 01 §2): the shipment list, or the guest home when the selected team is another
 * company's team the user is a guest of. Chosen here so neither feature needs the other.
 */
export function ConsoleHome() {
  const team = useSelectedTeam();
  if (team.kind === "guest" && team.teamId) {
    return (
      <GuestHomePage
        key={team.teamId}
        teamId={team.teamId}
        teamName={team.name}
        companyName={team.guestCompanyName}
      />
    );
  }
  return <ShipmentsPage />;
}
