// @vitest-environment node
import { describe, expect, it } from "vitest";
import { currencyFor, price } from "./money";

// One currency per language, so Standard "From $380" never sits beside a yen Premium price.
describe("plan prices", () => {
  it("are all in dollars in English", () => {
    expect(currencyFor("en")).toBe("USD");
    expect(price("standardMonthlyFrom", "en")).toBe("$380");
    expect(price("apiInitial", "en")).toBe("$450");
  });

  it("are all in yen in Japanese", () => {
    expect(currencyFor("ja")).toBe("JPY");
    expect(price("standardMonthlyFrom", "ja")).toMatch(/^[¥￥]38,000$/);
    expect(price("apiInitial", "ja")).toMatch(/^[¥￥]50,000$/);
  });
});
