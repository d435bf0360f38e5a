import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { paths } from "../../../app/paths";
import { ShipmentIdentityFacts } from "../../../components/shipment/identity-facts";
import { Fact, Panel } from "../../../components/shipment/panel";
import { formatDateTime } from "../../../components/shipment/time-format";
import { useLanguage } from "../../../components/shipment/use-language";
import { Avatar } from "../../../components/ui/avatar";
import type { ShipmentDetail } from "./types";

const CUSTOM_FIELDS = [1, 2, 3] as const;

/** The shipment's own fields: number, line, team, owner, remark and the team's custom fields. */
export function DetailsPanel({ shipment }: { shipment: ShipmentDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const team = shipment.team;
  const enabled = CUSTOM_FIELDS.filter((n) => team[`customField${n}Enabled`]);
  const none = <span className="text-slate-400">{t("shipmentDetail.overview.none")}</span>;
  return (
    <Panel title={t("shipmentDetail.overview.details")}>
      <dl className="divide-y divide-slate-100">
        <ShipmentIdentityFacts shipment={shipment} />
        <Fact label={t("shipment.fields.team")}>{team.name}</Fact>
        <Fact label={t("shipment.fields.owner")}>
          {shipment.owner ? (
            <span className="inline-flex items-center gap-2">
              <Avatar name={shipment.owner.nickname} color={shipment.owner.color} />
              {shipment.owner.nickname}
            </span>
          ) : (
            none
          )}
        </Fact>
        <Fact label={t("shipment.fields.createdAt")}>{formatDateTime(shipment.createdAt, language)}</Fact>
        <Fact label={t("shipment.fields.remark")}>
          {shipment.remark ? <span className="whitespace-pre-wrap">{shipment.remark}</span> : none}
        </Fact>
        {enabled.map((n) => (
          <Fact key={n} label={team[`customField${n}Name`] || t(`shipment.fields.customField${n}`)}>
            {shipment[`customField${n}`] || none}
          </Fact>
        ))}
      </dl>
      {enabled.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          {t("shipmentDetail.overview.customFieldsHint")}{" "}
          <Link href={paths.team} className="font-medium text-blue-700 underline underline-offset-2">
            {t("shipmentDetail.overview.customFieldsLink")}
          </Link>
        </p>
      ) : null}
    </Panel>
  );
}
