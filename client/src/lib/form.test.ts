// @vitest-environment node
import { describe, expect, it } from "vitest";
import { errorAt } from "./form";

describe("errorAt", () => {
  it("prefers the field's own message, else the first of its items", () => {
    expect(errorAt({ domains: "List at most 20 domains." }, "domains")).toBe("List at most 20 domains.");
    expect(errorAt({ "domains.2": "Please enter a domain such as example.com." }, "domains")).toBe(
      "Please enter a domain such as example.com.",
    );
    expect(errorAt({ domainsExtra: "x" }, "domains")).toBeUndefined();
  });
});
