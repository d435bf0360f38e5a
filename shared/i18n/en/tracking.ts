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
} as const;
