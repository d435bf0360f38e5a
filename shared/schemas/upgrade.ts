// The upgrade request form (spec 02 §2, §5, §7).

import { z } from "zod";
import { CONTRACT_PERIODS, PLANS } from "../enums";
import {
  booleanField,
  emailField,
  enumField,
  msg,
  mustBeTrue,
  numberField,
  optionalText,
  requiredString,
} from "./common";
import { isoDate } from "./dates";

/** FREE is the trial, never a target; the upgrade page is reached with STANDARD, PREMIUM or ENTERPRISE. */
export const UPGRADE_PLANS = PLANS.filter((p) => p !== "FREE") as unknown as readonly [
  "STARTER",
  "STANDARD",
  "PREMIUM",
  "ENTERPRISE",
];

/** UNKNOWN exists on old contracts but is never chosen. */
export const SELECTABLE_PAYMENT_METHODS = ["CARD", "BANK_TRANSFER"] as const;

const Quantity = numberField({ min: 1 });

export const UpgradeRequestInput = z
  .object({
    plan: enumField(UPGRADE_PLANS),
    companyName: requiredString({ max: 200 }),
    companyAddress: requiredString({ max: 500 }),
    companyTel: requiredString({ max: 50 }),
    personInCharge: requiredString({ max: 100 }),
    workEmail: emailField(),
    emailForInvoice: emailField(),
    quoteNumber: requiredString({ max: 100 }),
    maxTrackings: Quantity,
    maxMembers: Quantity,
    desiredStartDate: z
      .string({ error: msg("validation.required") })
      .trim()
      .min(1, { error: msg("validation.required"), abort: true })
      .pipe(isoDate()),
    contractPeriod: enumField(CONTRACT_PERIODS),
    paymentMethod: enumField(SELECTABLE_PAYMENT_METHODS),
    acceptTos: mustBeTrue(msg("validation.acceptTosRequired")),
    remarks: optionalText(2000),
    isApiEnabled: booleanField().optional(),
  })
  // The API checkbox is hidden for STARTER, so STARTER never asks for the API.
  .transform((input) => ({
    ...input,
    isApiEnabled: input.plan === "STARTER" ? false : (input.isApiEnabled ?? false),
  }));
export type UpgradeRequestInput = z.output<typeof UpgradeRequestInput>;

/** Dates the form offers: the desired start date is sent as YYYY-MM-DD (spec 02 §5). */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The API application of the API settings page (spec 02 §7: POST /inquiry). */
export const ApiInquiryInput = z.object({
  type: z.literal("API"),
  teamId: z.uuid().nullable().optional(),
  accountId: z.uuid(),
  email: emailField(),
});
export type ApiInquiryInput = z.infer<typeof ApiInquiryInput>;

export const CompleteCheckoutInput = z.object({ sessionId: z.string().trim().min(1).max(255) });
export type CompleteCheckoutInput = z.infer<typeof CompleteCheckoutInput>;
