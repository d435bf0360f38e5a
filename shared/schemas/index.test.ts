import { describe, expect, it } from "vitest";
import { z } from "zod";
import { translate } from "../i18n";
import { GenerateUploadUrlInput, isAllowedAttachment } from "./attachments";
import { UpdateUserRoleInput, WebhookUrl } from "./company";
import { fieldErrors, InviteUsersInput, issueKey, issueMessage, type Translate } from "./index";
import { reported } from "./testkit";

const en: Translate = (key, params) => translate("en", key, params);
const ja: Translate = (key, params) => translate("ja", key, params);

function firstIssue(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected a failure");
  const issue = result.error.issues[0];
  if (!issue) throw new Error("no issue");
  return issue;
}

describe("issueMessage", () => {
  it("translates a key with its params", () => {
    const issue = firstIssue(InviteUsersInput.shape.emails, "good@x.co, bad");
    expect(issueMessage(issue, en)).toBe("Invalid email address: bad");
    expect(issueMessage(issue, ja)).toBe("メールアドレスが正しくありません: bad");
  });

  it("fills {{min}} and {{max}} from size issues", () => {
    expect(issueMessage(firstIssue(z.string().max(3, { error: "validation.tooLong" }), "abcd"), en)).toBe(
      "Please enter no more than 3 characters.",
    );
  });

  it("falls back to a generic key when a message is zod's own English", () => {
    const issue = firstIssue(z.string(), 1);
    expect(issueKey(issue)).toBe("validation.invalid");
    expect(issueMessage(issue, en)).toBe("Please enter a valid value.");
  });

  it("gives the first message per field", () => {
    const result = InviteUsersInput.safeParse({ emails: "", roleId: "" });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error.issues, en)).toEqual({
        emails: "At least one email is required",
        roleId: "Role is required",
      });
    }
  });
});

describe("attachments", () => {
  const upload = {
    shipmentId: "7c1e1f1e-8d3b-4c51-9a57-0b6f0f2b8a11",
    filename: "invoice.pdf",
    contentType: "application/pdf",
    fileSizeBytes: 5 * 1024 * 1024,
  };
  it("accept PDF, PNG, JPEG, GIF and TIFF up to 5 MB", () => {
    expect(reported(GenerateUploadUrlInput, upload)).toEqual([]);
    expect(isAllowedAttachment({ filename: "scan.TIF", contentType: "image/tiff" })).toBe(true);
    expect(isAllowedAttachment({ filename: "photo.jpeg", contentType: "image/jpeg" })).toBe(true);
  });
  it("refuse larger files and other types", () => {
    expect(reported(GenerateUploadUrlInput, { ...upload, fileSizeBytes: 5 * 1024 * 1024 + 1 })).toEqual([
      { path: "fileSizeBytes", key: "errors.ATTACHMENT_TOO_LARGE", params: { n: 1 } },
    ]);
    expect(
      reported(GenerateUploadUrlInput, {
        ...upload,
        filename: "run.exe",
        contentType: "application/octet-stream",
      }),
    ).toEqual([{ path: "contentType", key: "errors.ATTACHMENT_TYPE_NOT_ALLOWED", params: {} }]);
  });
});

describe("company", () => {
  it("accepts only the fixed role ids", () => {
    const userId = "7c1e1f1e-8d3b-4c51-9a57-0b6f0f2b8a11";
    expect(
      reported(UpdateUserRoleInput, { userId, input: { roleId: "00000000-0000-0000-0000-000000000003" } }),
    ).toEqual([]);
    expect(reported(UpdateUserRoleInput, { userId, input: { roleId: "x" } })[0]?.key).toBe(
      "validation.roleRequired",
    );
  });
  it("takes an http(s) webhook URL or nothing", () => {
    expect(reported(WebhookUrl, "")).toEqual([]);
    expect(reported(WebhookUrl, "https://hooks.example.com/x")).toEqual([]);
    expect(reported(WebhookUrl, "ftp://example.com")[0]?.key).toBe("validation.invalidUrl");
    expect(reported(WebhookUrl, "not a url")[0]?.key).toBe("validation.invalidUrl");
  });
});
