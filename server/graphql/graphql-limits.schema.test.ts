import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/setup/app";
import { GRAPHQL_LIMITS } from "./limits";

// Decision 0067's limits, tuned on the real schema. The richest legitimate request, a
// 100-shipment page with every field down to each leg's ports, passes; several of them in one
// document, or more aliases than the limit, are refused before anything runs.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const place = "{ locode name latitude longitude timeZone }";
const history = `{ id status failedReason createdAt placeOfReceipt ${place} loadingPort ${place}
  dischargingPort ${place} departureTime departureTimeStatus arrivalTime arrivalTimeStatus vesselVoyage
  placeOfDelivery ${place} placeOfDeliveryEta placeOfDeliveryEtaStatus containerSizeType containerGrossWeightSum
  vessels { id sequence vesselName imo mmsi voyage loadingPort ${place} dischargingPort ${place}
    departureTime departureTimeStatus arrivalTime arrivalTimeStatus }
  containers { id containerNumber grossWeightKilograms sizeType sizeTypeOriginal
    emptyContainerReleasedToShipperTime gateInTime gateOutTime emptyContainerReturnedFromCustomerTime } }`;
const everyField = `{ id title remark trackingNumber trackingType shippingLine isArchived isFailing failedReason
  queueStatus lastScrapedAt aisUpdatedAt latitude longitude predictedArrivalAt createdAt shareToken
  customField1 customField2 customField3 requestedEtd requestedEta initialEtd initialEta delayDays
  etdDelayDays requestedEtaDelayDays requestedEtdDelayDays owner { id nickname color email }
  team { id name customField1Name customField2Name customField3Name customField1Enabled customField2Enabled customField3Enabled }
  teamPublicSettings { enableRequestedEtd enableRequestedEta enableInitialEtd enableInitialEta }
  hasUnreadCommentForViewer isFavoriteForViewer isFavorite isNotificationEnabledForViewer
  comments { id content createdAt isOwn user { id nickname color } }
  shipmentActivities { id kind content createdAt actor { nickname color } }
  shipmentHistories ${history} latestHistory ${history} }`;
const fullPage = (alias = "page") =>
  `${alias}: shipments_v2(teamId: null, perPage: 100) { items ${everyField} pagination { total hasNextPage } }`;

const post = (query: string) =>
  t.app.inject({
    method: "POST",
    url: "/graphql",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
    payload: { query },
  });

describe("GraphQL limits on the real schema", () => {
  it("lets a 100-shipment page with every nested field through validation", async () => {
    const res = await post(`{ ${fullPage()} }`);
    // Validated and executed: refused only for want of a session, not as too complex.
    expect(res.json().errors[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  it("refuses several such pages in one document by their cost", async () => {
    const res = await post(`{ ${fullPage("a")} ${fullPage("b")} ${fullPage("c")} ${fullPage("d")} }`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions).toMatchObject({ code: "GRAPHQL_QUERY_TOO_COMPLEX" });
    expect(res.json().errors[0].extensions.detail).toMatch(/Cost limit/);
  });

  it("refuses more aliased lists than the alias limit", async () => {
    const small = (i: number) => `l${i}: shipments_v2(teamId: null) { items { id } }`;
    const res = await post(
      `{ ${Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => small(i)).join(" ")} }`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.detail).toMatch(/Aliases limit/);
  });
});
