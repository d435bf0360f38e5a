import { it } from "vitest";
import { createTestApp } from "../setup/app";
it("scratch", async () => {
  const t = await createTestApp();
  const res = await t.app.inject({ method: "GET", url: "/graphql?query=%7B_version%7D&query=%7B_version%7D" });
  console.log(res.statusCode, res.body);
  await t.close();
});
