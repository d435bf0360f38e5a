import { useCallback, useMemo, useState } from "react";
import { useLocation } from "wouter";
import { teamKind } from "../../../../shared/team-selection";
import { readStoredTeamId, type SelectedTeam, storeTeamId } from "../../lib/selected-team";
import { trpc } from "../../lib/trpc";
import { paths } from "../paths";
import { chooseTeam, provisionalTeam } from "./shell-state";
import type { GateViewer } from "./viewer";

/** Pages that exist only for one of the user's own teams (spec 01 §2). */
const OWN_TEAM_PAGES = new Set<string>([paths.team, paths.newShipment]);

/**
 * The console's team (spec 01 §4): what teams.switcher offers, the stored choice, and a way to
 * change it. Until the offer arrives the viewer's own teams stand in, so the shell is not blank;
 * if it cannot be loaded the own teams are all there is to choose from.
 */
export function useTeamSelection(viewer: GateViewer): SelectedTeam {
  const [location, navigate] = useLocation();
  const switcher = trpc.teams.switcher.useQuery(undefined, { staleTime: 30_000 });
  const [storedId, setStoredId] = useState(readStoredTeamId);
  const offer = switcher.data;

  const choice = useMemo(() => {
    if (offer) return chooseTeam(offer, storedId);
    if (switcher.isError) {
      return chooseTeam({ teams: [...viewer.teams], headquarters: null, guestCompanies: [] }, storedId);
    }
    return provisionalTeam(viewer.teams, storedId);
  }, [offer, switcher.isError, viewer.teams, storedId]);

  const select = useCallback(
    (teamId: string) => {
      storeTeamId(teamId);
      setStoredId(teamId);
      // Headquarters and guest teams have no Team or New shipment page: show their shipments.
      if (offer && teamKind(teamId, offer) !== "team" && OWN_TEAM_PAGES.has(location)) {
        navigate(paths.console);
      }
    },
    [offer, location, navigate],
  );

  return useMemo(
    () => ({
      teamId: choice.teamId,
      kind: choice.kind,
      name: choice.name,
      guestCompanyName: choice.guestCompanyName,
      offer,
      select,
    }),
    [choice, offer, select],
  );
}
