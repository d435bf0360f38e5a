import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { ROLES } from "../../../../shared/enums";
import { can } from "../../../../shared/permissions";
import { Badge } from "../../components/ui/badge";
import { CheckIcon } from "../../components/ui/icons";
import { MinusIcon } from "../../components/ui/icons-actions";
import { PageHeader } from "../../components/ui/page-header";
import { useDocumentTitle } from "../../lib/document-title";
import { useViewerQuery } from "../../lib/session";
import { ACTION_GROUPS, actionLabelKey, type PlanGate, planGateOf } from "./permission-table";

const GATE_ORDER: PlanGate[] = ["premium", "paid", "freeOnly"];

/** /app/console/settings/roles: the role × action matrix of shared/permissions (spec 02 §6). */
export function RolesPage() {
  const { t } = useTranslation();
  const title = t("roles.page.title");
  useDocumentTitle(title);
  const role = useViewerQuery().data?.role ?? null;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader title={title} description={t("roles.page.description")} />
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
          <caption className="sr-only">{t("roles.page.caption")}</caption>
          <thead>
            <tr className="border-b border-slate-200 bg-slate-50">
              <th
                scope="col"
                className="px-4 py-3 text-xs font-medium tracking-wide text-slate-500 uppercase"
              >
                {t("roles.page.action")}
              </th>
              {ROLES.map((r) => (
                <th
                  key={r}
                  scope="col"
                  className={`w-28 px-3 py-3 text-center text-sm font-semibold text-slate-900 ${r === role ? "bg-blue-50" : ""}`}
                >
                  {t(`roles.names.${r}`)}
                  {r === role ? (
                    <span className="mt-1 block">
                      <Badge tone="info">{t("roles.page.yourRole")}</Badge>
                    </span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ACTION_GROUPS.map(({ group, actions }) => (
              <Fragment key={group}>
                <tr className="border-t border-slate-200 bg-slate-50/70">
                  <th
                    scope="colgroup"
                    colSpan={ROLES.length + 1}
                    className="px-4 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase"
                  >
                    {t(`roles.groups.${group}`)}
                  </th>
                </tr>
                {actions.map((action) => {
                  const gate = planGateOf(action);
                  return (
                    <tr key={action} className="border-t border-slate-100 hover:bg-slate-50/60">
                      <th scope="row" className="px-4 py-2.5 font-normal text-slate-800">
                        <span className="mr-2">{t(actionLabelKey(action))}</span>
                        {gate ? (
                          <span title={t(`roles.gates.${gate}Hint`)}>
                            <Badge tone={gate === "freeOnly" ? "neutral" : "premium"}>
                              {t(`roles.gates.${gate}`)}
                            </Badge>
                          </span>
                        ) : null}
                      </th>
                      {ROLES.map((r) => (
                        <td
                          key={r}
                          className={`px-3 py-2.5 text-center ${r === role ? "bg-blue-50/60" : ""}`}
                        >
                          {can(r, action) ? (
                            <>
                              <CheckIcon className="inline size-4 text-emerald-600" />
                              <span className="sr-only">{t("roles.page.allowed")}</span>
                            </>
                          ) : (
                            <>
                              <MinusIcon className="inline size-4 text-slate-300" />
                              <span className="sr-only">{t("roles.page.notAllowed")}</span>
                            </>
                          )}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-wrap gap-x-6 gap-y-2 text-xs text-slate-600">
        {GATE_ORDER.map((gate) => (
          <li key={gate} className="flex items-center gap-2">
            <Badge tone={gate === "freeOnly" ? "neutral" : "premium"}>{t(`roles.gates.${gate}`)}</Badge>
            {t(`roles.gates.${gate}Hint`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
