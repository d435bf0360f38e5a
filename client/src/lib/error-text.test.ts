// @vitest-environment node
import { describe, expect, it } from "vitest";
import { failureText } from "./error-text";
import { RequestError } from "./request";

const messages: Record<string, string> = {
  "validation.invalidEmailAddress": "Invalid email address: {{email}}",
  "validation.roleRequired": "Role is required",
  "errors.SERVER_ISSUE": "We are experiencing a server issue. Please try again later.",
};
const t = (key: string, params: Record<string, unknown> = {}) =>
  (messages[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p]));

function trpcError(message: string, data: Record<string, unknown>) {
  return Object.assign(new Error(message), { data });
}

describe("failure text of a tRPC call", () => {
  it("translates the first refused input, with its parameters", () => {
    const error = trpcError('[{"code":"custom"}]', {
      appCode: "VALIDATION_FAILED",
      issues: [
        {
          code: "custom",
          message: "validation.invalidEmailAddress",
          params: { email: "nope" },
          path: ["emails"],
        },
        { code: "custom", message: "validation.roleRequired", path: ["roleId"] },
      ],
    });
    expect(failureText(error, t)).toBe("Invalid email address: nope");
  });

  it("shows an AppError's message, already in the viewer's language", () => {
    const error = trpcError("You have reached maximum members. Please upgrade to invite more members.", {
      appCode: "MEMBER_LIMIT_REACHED",
    });
    expect(failureText(error, t)).toBe(
      "You have reached maximum members. Please upgrade to invite more members.",
    );
  });

  it("falls back to the server-issue text for bare HTTP failures", () => {
    expect(failureText(new RequestError("HTTP 502", 502, true), t)).toBe(messages["errors.SERVER_ISSUE"]);
    expect(failureText(undefined, t)).toBe(messages["errors.SERVER_ISSUE"]);
  });
});
