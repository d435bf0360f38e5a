import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { SALES_CONTACT_BUSINESS_DAYS, TERMINATION_NOTICE_DAYS } from "../../../../shared/constants";
import type { ContractStatus } from "../../../../shared/enums";
import { paths } from "../../app/paths";
import { buttonClasses } from "../../components/ui/button";
import { price } from "./money";

const CARD_PLANS = ["STANDARD", "PREMIUM", "ENTERPRISE"] as const;
type CardPlan = (typeof CARD_PLANS)[number];

function Price({ plan }: { plan: CardPlan }) {
  const { t } = useTranslation();
  // Spec 02 §9: Premium and Enterprise are priced for each customer; only Standard has a list price.
  if (plan !== "STANDARD") {
    return <p className="text-2xl font-semibold text-slate-900">{t("plans.cards.custom")}</p>;
  }
  const amount = t("plans.cards.standardPrice", { amount: price("standardMonthlyFrom") });
  return (
    <p className="flex flex-wrap items-baseline gap-x-1.5">
      <span className="text-2xl font-semibold text-slate-900">{amount}</span>
      <span className="text-sm text-slate-600">
        {t("plans.cards.perMonth")} · {t("plans.cards.plusTax")}
      </span>
    </p>
  );
}

const NOTE_KEY: Record<CardPlan, string> = {
  STANDARD: "plans.cards.standardNote",
  PREMIUM: "plans.cards.premiumNote",
  ENTERPRISE: "plans.cards.enterpriseNote",
};
const FEATURES_KEY: Record<CardPlan, string> = {
  STANDARD: "plans.cards.standardFeatures",
  PREMIUM: "plans.cards.premiumFeatures",
  ENTERPRISE: "plans.cards.enterpriseFeatures",
};

function PlanCard({ plan }: { plan: CardPlan }) {
  const { t } = useTranslation();
  const name = t(`plans.planNames.${plan}`);
  const highlighted = plan === "PREMIUM";
  return (
    <li
      aria-labelledby={`plan-${plan}`}
      className={`flex flex-col rounded-xl border bg-white p-5 shadow-sm ${highlighted ? "border-violet-300 ring-1 ring-violet-200" : "border-slate-200"}`}
    >
      <h3 id={`plan-${plan}`} className="text-lg font-semibold text-slate-900">
        {name}
      </h3>
      <div className="mt-3">
        <Price plan={plan} />
      </div>
      <p className="mt-2 text-sm text-slate-600">{t(NOTE_KEY[plan])}</p>
      <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {t("plans.cards.featuresTitle")}
      </p>
      <ul className="mt-2 flex-1 space-y-1.5 text-sm text-slate-700">
        {t(FEATURES_KEY[plan])
          .split("|")
          .map((feature) => (
            <li key={feature} className="flex gap-2">
              <span aria-hidden="true" className="text-emerald-600">
                ✓
              </span>
              {feature}
            </li>
          ))}
      </ul>
      <Link
        href={`${paths.upgrade}?plan=${plan}`}
        className={buttonClasses(highlighted ? "primary" : "secondary", "md", "mt-5 w-full justify-center")}
      >
        {t("plans.cards.choose", { plan: name })}
      </Link>
    </li>
  );
}

/** Spec 02 §2: the three plan cards for a company in trial or churned, with the spec's notes. */
export function PlanCards({
  status,
  trialDaysLeft,
}: {
  status: ContractStatus;
  trialDaysLeft: number | null;
}) {
  const { t } = useTranslation();
  const intro =
    status === "CHURN"
      ? t("plans.cards.churnIntro")
      : trialDaysLeft === 0
        ? t("plans.cards.trialEndsToday")
        : trialDaysLeft !== null
          ? t("plans.cards.trialIntro", { count: trialDaysLeft })
          : null;
  return (
    <section aria-labelledby="plan-cards-title" className="space-y-4">
      <div>
        <h2 id="plan-cards-title" className="text-base font-semibold text-slate-900">
          {t("plans.cards.title")}
        </h2>
        {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {CARD_PLANS.map((plan) => (
          <PlanCard key={plan} plan={plan} />
        ))}
      </ul>
      <div className="space-y-1 text-sm text-slate-600">
        <p>{t("plans.cards.apiNote", { amount: price("apiInitial") })}</p>
        <p>{t("plans.cards.salesContact", { days: SALES_CONTACT_BUSINESS_DAYS })}</p>
        <p>{t("plans.cards.termination", { days: TERMINATION_NOTICE_DAYS })}</p>
      </div>
    </section>
  );
}
