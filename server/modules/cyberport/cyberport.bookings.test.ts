import { describe, expect, it } from "vitest";
import { translate } from "../../../shared/i18n";
import { bookingKey, planBooking } from "./cyberport.bookings";

// From a port-community booking to the create service's input: the booking's own carrier and type
// first, then inference from the number, and a skip (never a guess) when nothing identifies it.

const booking = (over: Record<string, unknown>) => ({
  bookingId: "CPB-1",
  reference: "MAEU241234567",
  referenceType: null,
  carrierScac: null,
  shipperReference: null,
  ...over,
});

describe("planBooking", () => {
  it("takes the carrier's SCAC and the reference type the booking gives", () => {
    expect(
      planBooking(
        booking({ reference: " ebkg 0451-2346 ", carrierScac: "mscu", referenceType: "BOOKING" }),
        0,
      ),
    ).toMatchObject({
      ok: true,
      input: { trackingNumber: "EBKG04512346", shippingLine: "MSC", trackingType: "BOOKING_NUMBER" },
    });
  });

  it("infers what the booking lacks from the number", () => {
    expect(planBooking(booking({ shipperReference: "PO-1" }), 0)).toMatchObject({
      ok: true,
      input: { shippingLine: "MAERSK", trackingType: "BILL_OF_LADING_NUMBER", title: "PO-1" },
    });
    // A leased box: the number says container, the forwarder's SCAC says which line.
    expect(planBooking(booking({ reference: "TGHU1234567", carrierScac: "ONEY" }), 0)).toMatchObject({
      ok: true,
      input: { shippingLine: "ONE", trackingType: "CONTAINER_NUMBER" },
    });
    // A reference longer than a title fits is cut, not a reason to skip the booking.
    expect(planBooking(booking({ shipperReference: "x".repeat(300) }), 0)).toMatchObject({
      ok: true,
      input: { title: "x".repeat(255) },
    });
    // An unknown SCAC is no answer: the number still names the line.
    expect(planBooking(booking({ carrierScac: "ZZZZ" }), 0)).toMatchObject({
      ok: true,
      input: { shippingLine: "MAERSK" },
    });
  });

  it("skips a booking that names no shipping line when its number names none either, and says so", () => {
    // A leased box: the number is a container number, but of no line.
    expect(planBooking(booking({ reference: "TCNU7654328" }), 0)).toEqual({
      ok: false,
      entry: {
        bookingId: "CPB-1",
        trackingNumber: "TCNU7654328",
        shippingLine: null,
        trackingType: "CONTAINER_NUMBER",
        outcome: "SKIPPED",
        shipmentId: null,
        code: "CYBERPORT_BOOKING_NO_LINE",
      },
    });
    expect(planBooking(booking({ reference: "ZZ99" }), 0)).toMatchObject({
      ok: false,
      entry: { shippingLine: null, trackingType: null, code: "CYBERPORT_BOOKING_NO_LINE" },
    });
    expect(translate("en", "errors.CYBERPORT_BOOKING_NO_LINE")).toContain("names no shipping line");
    expect(translate("ja", "errors.CYBERPORT_BOOKING_NO_LINE")).toContain("船会社の指定がなく");
  });

  it("skips as unsure when the line is known but nothing says the type", () => {
    expect(planBooking(booking({ reference: "ZZ99ZZ99", carrierScac: "MAEU" }), 0)).toMatchObject({
      ok: false,
      entry: { shippingLine: "MAERSK", trackingType: null, code: "TRACKING_TYPE_INFERENCE_FAILED" },
    });
  });

  it("skips a container number whose check digit does not match, whoever the line", () => {
    for (const over of [
      { reference: "MSCU7188213" },
      { reference: "EGHU9012347", carrierScac: "EGLV", referenceType: "CONTAINER" },
    ]) {
      expect(planBooking(booking(over), 0)).toMatchObject({
        ok: false,
        entry: {
          trackingNumber: over.reference,
          trackingType: "CONTAINER_NUMBER",
          code: "CONTAINER_CHECK_DIGIT_MISMATCH",
        },
      });
    }
    // The same shape as a booking reference is the line's own format: not checked.
    expect(
      planBooking(booking({ reference: "MSCU7188213", carrierScac: "MSCU", referenceType: "BOOKING" }), 0),
    ).toMatchObject({ ok: true, input: { trackingType: "BOOKING_NUMBER" } });
  });

  it("skips a malformed booking, keeping what identifies it", () => {
    expect(planBooking(booking({ reference: null }), 0)).toMatchObject({
      ok: false,
      entry: { bookingId: "CPB-1", trackingNumber: null, code: "CYBERPORT_BOOKING_INVALID" },
    });
    expect(planBooking(booking({ referenceType: "PARCEL" }), 0)).toMatchObject({
      ok: false,
      entry: { trackingNumber: "MAEU241234567", code: "CYBERPORT_BOOKING_INVALID" },
    });
    expect(planBooking("not a booking", 4)).toMatchObject({ ok: false, entry: { bookingId: "#5" } });
  });
});

describe("bookingKey", () => {
  it("is the booking's id, or its place in the list", () => {
    expect(bookingKey({ bookingId: " CPB-9 " }, 0)).toBe("CPB-9");
    expect(bookingKey({ bookingId: "" }, 2)).toBe("#3");
    expect(bookingKey(null, 0)).toBe("#1");
  });
});
