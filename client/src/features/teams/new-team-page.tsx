import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { can } from "../../../../shared/permissions";
import { paths } from "../../app/paths";
import { CreateTeamForm } from "../../components/shared/create-team-dialog";
import { Alert } from "../../components/ui/alert";
import { buttonClasses } from "../../components/ui/button";
import { PageHeader } from "../../components/ui/page-header";
import { useDocumentTitle } from "../../lib/document-title";
import { storeTeamId } from "../../lib/selected-team";
import { useViewerQuery } from "../../lib/session";

/** /app/console/teams/new: an Admin creates a team, joins it and continues on it. */
export function NewTeamPage() {
  const { t } = useTranslation();
  const title = t("teams.newTeam.title");
  useDocumentTitle(title);
  const role = useViewerQuery().data?.role ?? null;
  const allowed = role !== null && can(role, "team.create");

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <PageHeader title={title} description={t("teams.newTeam.description")} />
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {allowed ? (
          <CreateTeamForm
            onCancel={() => window.history.back()}
            onCreated={(team) => {
              // As on the switch page: the new team becomes the console's team on a fresh load.
              storeTeamId(team.id);
              window.location.assign(paths.console);
            }}
          />
        ) : (
          <Alert tone="info">{t("teams.newTeam.onlyAdmins")}</Alert>
        )}
      </div>
      <Link href={paths.teamsSwitch} className={buttonClasses("ghost", "sm", "self-start")}>
        {t("teams.newTeam.back")}
      </Link>
    </div>
  );
}
