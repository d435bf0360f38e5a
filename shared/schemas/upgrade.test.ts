import { describe, expect, it } from "vitest";
import { keysByPath, parsed } from "./testkit";
import { UpgradeRequestInput } from "./upgrade";

const form = {
  plan: "PREMIUM",
  companyName: "Acme",
  companyAddress: "1-2-3 Minato, Tokyo",
  companyTel: "+81 3 0000 0000",
  personInCharge: "Ann",
  workEmail: "ann@acme.example",
  emailForInvoice: "billing@acme.example",
  quoteNumber: "MC-123",
  maxTrackings: "500",
  maxMembers: 20,
  desiredStartDate: "2026-04-01",
  contractPeriod: "YEARLY",
  paymentMethod: "BANK_TRANSFER",
  acceptTos: true,
};

describe("upgrade form", () => {
  it("accepts a complete form, with numeric quantities and optional remarks and API", () => {
    expect(parsed(UpgradeRequestInput, form)).toMatchObject({
      maxTrackings: 500,
      maxMembers: 20,
      isApiEnabled: false,
    });
    expect(parsed(UpgradeRequestInput, { ...form, isApiEnabled: true, remarks: "asap" }).isApiEnabled).toBe(
      true,
    );
  });

  it("requires every field the spec lists", () => {
    expect(keysByPath(UpgradeRequestInput, { plan: "STANDARD" })).toEqual({
      companyName: ["validation.required"],
      companyAddress: ["validation.required"],
      companyTel: ["validation.required"],
      personInCharge: ["validation.required"],
      workEmail: ["validation.required"],
      emailForInvoice: ["validation.required"],
      quoteNumber: ["validation.required"],
      maxTrackings: ["validation.required"],
      maxMembers: ["validation.required"],
      desiredStartDate: ["validation.required"],
      contractPeriod: ["validation.required"],
      paymentMethod: ["validation.required"],
      acceptTos: ["validation.acceptTosRequired"],
    });
  });

  it("checks quantities, e-mails and the start date", () => {
    expect(
      keysByPath(UpgradeRequestInput, {
        ...form,
        maxTrackings: "many",
        maxMembers: 0,
        workEmail: "ann",
        desiredStartDate: "2026/04/01",
      }),
    ).toEqual({
      maxTrackings: ["validation.numeric"],
      maxMembers: ["validation.min"],
      workEmail: ["validation.invalidEmail"],
      desiredStartDate: ["validation.invalidDate"],
    });
    expect(keysByPath(UpgradeRequestInput, { ...form, desiredStartDate: "2026-02-30" })).toEqual({
      desiredStartDate: ["validation.invalidDate"],
    });
  });

  it("does not take FREE or UNKNOWN, and never asks for the API on STARTER", () => {
    expect(keysByPath(UpgradeRequestInput, { ...form, plan: "FREE", paymentMethod: "UNKNOWN" })).toEqual({
      plan: ["validation.invalidOption"],
      paymentMethod: ["validation.invalidOption"],
    });
    expect(parsed(UpgradeRequestInput, { ...form, plan: "STARTER", isApiEnabled: true }).isApiEnabled).toBe(
      false,
    );
  });
});
