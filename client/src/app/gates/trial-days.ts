import { trialDaysLeft } from "../../../../shared/trial";
import type { ViewerCompany } from "./viewer";

/**
 * Days left in the company's free trial as the viewer's calendar shows them: 0 on the last day
 * ("ends today"), null outside a running trial. The company has no time zone setting, so the
 * browser's zone is the company's (spec 01 §1: dates show in the viewer's zone); a zone passed
 * here wins, for tests and for a company setting later.
 */
export function companyTrialDaysLeft(
  company: Pick<ViewerCompany, "trialEndsAt">,
  now: Date,
  timeZone?: string,
): number | null {
  return company.trialEndsAt ? trialDaysLeft(company.trialEndsAt, now, timeZone) : null;
}
