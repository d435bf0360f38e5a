import type { inferRouterOutputs } from "@trpc/server";
import { useTranslation } from "react-i18next";
import type { AppRouter } from "../../../../server/trpc/router";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { SettingsSection } from "../../components/ui/section";
import { Table, TableMessage, TBody, Td, THead, Th, Tr } from "../../components/ui/table";
import { contractDate } from "./shared-ui";

export type PlansOverview = inferRouterOutputs<AppRouter>["plans"]["overview"];
type ContractView = PlansOverview["contracts"][number];

const PHASE_TONE: Record<ContractView["phase"], BadgeTone> = {
  UPCOMING: "info",
  CURRENT: "success",
  PAST: "neutral",
};

function PhaseBadge({ contract }: { contract: ContractView }) {
  const { t } = useTranslation();
  const label =
    contract.phase === "UPCOMING"
      ? t("plans.contracts.upcoming")
      : contract.phase === "PAST"
        ? t("plans.contracts.past")
        : contract.isAutoRenewing
          ? t("plans.contracts.currentAutoUpdate")
          : t("plans.contracts.current");
  return <Badge tone={PHASE_TONE[contract.phase]}>{label}</Badge>;
}

function Period({ contract }: { contract: ContractView }) {
  const { t } = useTranslation();
  const start = contractDate(contract.startsAt);
  // An auto-renewing contract has no end worth showing ('9999').
  if (contract.isAutoRenewing || new Date(contract.endsAt).getUTCFullYear() > 3000) {
    return <>{t("plans.contracts.from", { date: start })}</>;
  }
  return <>{t("plans.contracts.range", { start, end: contractDate(contract.endsAt) })}</>;
}

/** Spec 02 §2: Upcoming, Current ('Current (auto update)' past year 3000), Past, with 'MC-' quotes. */
export function ContractsSection({ overview }: { overview: PlansOverview }) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="contracts" title={t("plans.contracts.title")}>
      <Table caption={t("plans.contracts.caption", { company: overview.company.companyName })}>
        <THead>
          <Th>{t("plans.contracts.plan")}</Th>
          <Th>{t("plans.contracts.state")}</Th>
          <Th>{t("plans.contracts.period")}</Th>
          <Th>{t("plans.contracts.limits")}</Th>
          <Th>{t("plans.contracts.payment")}</Th>
          <Th>{t("plans.contracts.quote")}</Th>
        </THead>
        <TBody>
          {overview.contracts.length === 0 ? (
            <TableMessage colSpan={6}>{t("plans.contracts.empty")}</TableMessage>
          ) : (
            overview.contracts.map((contract) => (
              <Tr key={contract.id}>
                <Td className="font-medium text-slate-900">{t(`plans.planNames.${contract.plan}`)}</Td>
                <Td>
                  <PhaseBadge contract={contract} />
                </Td>
                <Td>
                  <Period contract={contract} />
                </Td>
                <Td>
                  {t("plans.contracts.limitsValue", {
                    trackings: contract.maxTrackings,
                    members: contract.maxMembers,
                  })}
                </Td>
                <Td>
                  {contract.contractPeriod
                    ? t("plans.contracts.billingCycle", {
                        period: t(`plans.contractPeriods.${contract.contractPeriod}`),
                        method: t(`plans.paymentMethods.${contract.paymentMethod}`),
                      })
                    : t(`plans.paymentMethods.${contract.paymentMethod}`)}
                </Td>
                <Td className="font-mono text-xs">{contract.quoteNumber ?? t("plans.contracts.noQuote")}</Td>
              </Tr>
            ))
          )}
        </TBody>
      </Table>
    </SettingsSection>
  );
}

export function CompanyInfoSection({ overview }: { overview: PlansOverview }) {
  const { t } = useTranslation();
  const c = overview.company;
  const rows: [string, string | null][] = [
    [t("plans.company.companyName"), c.companyName],
    [t("plans.company.companyAddress"), c.companyAddress],
    [t("plans.company.phoneNumber"), c.phoneNumber],
    [t("plans.company.personInCharge"), c.personInCharge],
    [t("plans.company.workEmail"), c.workEmail],
    [t("plans.company.emailForInvoice"), c.emailForInvoice],
  ];
  return (
    <SettingsSection id="company-info" title={t("plans.company.title")}>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-medium text-slate-500">{label}</dt>
            <dd className="mt-0.5 text-sm text-slate-900">{value || t("plans.company.notSet")}</dd>
          </div>
        ))}
      </dl>
    </SettingsSection>
  );
}
