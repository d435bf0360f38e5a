// The Activities tab of a shipment (keys chosen by shared/activities.ts activityMessage).
export const activities = {
  created: {
    BOOKING_NUMBER: "Added the shipment: {{shippingLine}} booking No. {{trackingNumber}}",
    BILL_OF_LADING_NUMBER: "Added the shipment: {{shippingLine}} B/L No. {{trackingNumber}}",
    CONTAINER_NUMBER: "Added the shipment: {{shippingLine}} container No. {{trackingNumber}}",
    other: "Added the shipment: {{shippingLine}} {{trackingNumber}}",
  },
  trackingChanged: {
    BOOKING_NUMBER: "Changed the tracking to {{shippingLine}} booking No. {{trackingNumber}}",
    BILL_OF_LADING_NUMBER: "Changed the tracking to {{shippingLine}} B/L No. {{trackingNumber}}",
    CONTAINER_NUMBER: "Changed the tracking to {{shippingLine}} container No. {{trackingNumber}}",
    other: "Changed the tracking to {{shippingLine}} {{trackingNumber}}",
  },
  title: {
    set: "Set the title to “{{to}}”",
    changed: "Changed the title from “{{from}}” to “{{to}}”",
    cleared: "Cleared the title (was “{{from}}”)",
  },
  remark: {
    changed: "Edited the remarks",
    cleared: "Cleared the remarks",
  },
  customField: {
    set: "Set {{label}} to “{{to}}”",
    changed: "Changed {{label}} from “{{from}}” to “{{to}}”",
    cleared: "Cleared {{label}} (was “{{from}}”)",
  },
  customField1: {
    set: "Set custom field 1 to “{{to}}”",
    changed: "Changed custom field 1 from “{{from}}” to “{{to}}”",
    cleared: "Cleared custom field 1 (was “{{from}}”)",
  },
  customField2: {
    set: "Set custom field 2 to “{{to}}”",
    changed: "Changed custom field 2 from “{{from}}” to “{{to}}”",
    cleared: "Cleared custom field 2 (was “{{from}}”)",
  },
  customField3: {
    set: "Set custom field 3 to “{{to}}”",
    changed: "Changed custom field 3 from “{{from}}” to “{{to}}”",
    cleared: "Cleared custom field 3 (was “{{from}}”)",
  },
  requestedEtd: {
    set: "Set the requested ETD to {{to}}",
    changed: "Changed the requested ETD from {{from}} to {{to}}",
    cleared: "Cleared the requested ETD (was {{from}})",
  },
  requestedEta: {
    set: "Set the requested ETA to {{to}}",
    changed: "Changed the requested ETA from {{from}} to {{to}}",
    cleared: "Cleared the requested ETA (was {{from}})",
  },
  archived: "Archived the shipment",
  unarchived: "Unarchived the shipment",
  movedTeam: "Moved the shipment from team {{fromTeamName}} to team {{toTeamName}}",
  shareLinkReset: "Reset the share link; the previous link no longer works",
  shareLinkRevoked: "Turned off the share link; it no longer works",
  shareLinkCreated: "Created a new share link",
  trackingFailing: {
    NOT_FOUND: "Tracking is failing: the shipping line could not find the shipment",
    INVALID_NUMBER: "Tracking is failing: the shipping line rejects the liner, tracking type or number",
    CANCELLED: "Tracking is failing: the shipping line reports the booking as cancelled",
    CARRIER_UNAVAILABLE: "Tracking is failing: the shipping line is not answering",
    RATE_LIMITED: "Tracking is failing: the shipping line is limiting requests",
    BAD_PAYLOAD: "Tracking is failing: the shipping line sent data we could not read",
    other: "Tracking is failing",
  },
  autoArchived: "Archived automatically",
  updated: "Updated the shipment",
} as const;
