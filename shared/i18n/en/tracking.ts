// Non-blocking notices on the shipment form and detail page (spec 01 §5 and §8). The Evergreen
// sentence is the spec's; the others are ours because the spec gives no wording.
export const tracking = {
  warnings: {
    evergreenContainerNumber:
      "Evergreen does not provide detailed information by a container number. We recommend using a booking number or b/l number instead.",
    coscoContainerNumber:
      "COSCO does not provide detailed information by a container number. We recommend using a booking number or b/l number instead.",
    msscoExperimental: "For MSSCO, tracking by a number other than a booking number is experimental.",
    oneyPrefix: "Please enter only the last 12 characters of the ONE BL number, without the ONEY prefix.",
  },
  notices: {
    lineDelay: "{{liner}} is updating its data with a delay. Schedules may be out of date for a while.",
    lineMaintenance: "{{liner}} is under maintenance. Tracking updates will resume once it is over.",
  },
  /** Why a shipment is failing (shipments.failedReason holds the key). NOT_FOUND is the spec's sentence. */
  failures: {
    NOT_FOUND: "We couldn't find the shipment.",
    INVALID_NUMBER:
      "Retrieving the shipment failed. Please check that the liner, the tracking type and the tracking number are correct.",
    CANCELLED: "The shipping line reports this booking as cancelled.",
    CARRIER_UNAVAILABLE: "The shipping line is not answering at the moment. We will keep trying.",
    RATE_LIMITED: "The shipping line is limiting requests at the moment. We will keep trying.",
    BAD_PAYLOAD: "The shipping line sent data we could not read. We will keep trying.",
  },
  /** Activities the tracking engine records (activities.kind "tracking.*", with their params). */
  activities: {
    refreshRequested: "Requested an update from the shipping line",
    failing: "Tracking is failing: {{reason}}",
    autoArchived: {
      AFTER_DELIVERY: "Archived automatically {{days}} days after delivery",
      CANCELLED: "Archived automatically: the booking was cancelled",
      NOT_FOUND: "Archived automatically: the shipping line does not know this number",
      INVALID_NUMBER: "Archived automatically: the shipping line rejects this number",
    },
  },
} as const;
