// The shipments operations of the API (spec 01 §7): their inputs, answers, and the Query and
// Mutation fields. The types they answer with are in shipments.graphql.sdl.ts.

const SHIPMENT_ID = `"The shipment's id."\n    shipmentId: ID!`;

export const shipmentOperationsTypeDefs = /* GraphQL */ `
  "Where a page is in the whole list."
  type Pagination {
    "Shipments matching, over every page."
    total: Int!
    "Whether a page follows this one."
    hasNextPage: Boolean!
  }

  "A page of the shipment list."
  type ShipmentsPage {
    "The page's shipments, in the order asked for."
    items: [Shipment!]!
    "Where the page is in the whole list."
    pagination: Pagination!
  }

  "A search condition of the list (spec 01 §5): field, operator and value."
  input SearchInput {
    "The field tested."
    field: ShipmentSearchField!
    "How it is compared; the field's type decides which operators it takes."
    operator: SearchOperator!
    "The value compared with: a string, number or boolean, dates as YYYY-MM-DD, a list of two for BETWEEN, none for IS_EMPTY and NOT_EMPTY."
    value: SearchValue
  }

  "A value the search box suggests for a field."
  type SearchSuggestion {
    "The value to search for."
    value: String!
    "The value as shown (a member's nickname for owner, a line's name for shippingLine)."
    label: String!
  }

  "A shipment to register (spec 01 §3 Shipment input)."
  input ShipmentInput {
    "The booking, B/L or container number (a container number must carry its check digit)."
    trackingNumber: String!
    "The shipping line."
    shippingLine: ShippingLineCode!
    "What kind of number trackingNumber is; each line allows some kinds only."
    trackingType: TrackingType!
    "A title for the shipment."
    title: String
    "The team's custom field 1."
    customField1: String
    "The team's custom field 2."
    customField2: String
    "The team's custom field 3."
    customField3: String
    "The requested ETD, a calendar date YYYY-MM-DD."
    requestedEtd: String
    "The requested ETA, a calendar date YYYY-MM-DD."
    requestedEta: String
  }

  "Absent fields stay as they are; null clears a text or a requested date."
  input ShipmentUpdateInput {
    "Another shipping line (the shipment is fetched afresh)."
    shippingLine: ShippingLineCode
    "Another kind of number."
    trackingType: TrackingType
    "Another tracking number."
    trackingNumber: String
    "The title."
    title: String
    "The remark."
    remark: String
    "The team's custom field 1."
    customField1: String
    "The team's custom field 2."
    customField2: String
    "The team's custom field 3."
    customField3: String
    "The requested ETD, a calendar date YYYY-MM-DD."
    requestedEtd: String
    "The requested ETA, a calendar date YYYY-MM-DD."
    requestedEta: String
    "Archive (true) or restore (false) the shipment."
    isArchived: Boolean
    "Moves the shipment to another team (PREMIUM and ENTERPRISE; Admins and Managers)."
    teamId: ID
  }

  "A comment to write."
  input CommentInput {
    "The comment's text."
    content: String!
  }

  "A non-blocking remark on the line and type chosen (spec 01 §5)."
  type TrackingWarning {
    "The warning, as a key."
    code: String!
    "The warning in the request's language."
    message: String!
  }

  "A registered shipment; its first fetch from the carrier is queued."
  type CreatedShipment {
    "The new shipment's id."
    id: ID!
    "Remarks on the line and type chosen."
    warnings: [TrackingWarning!]!
    "The shipment as it is now."
    shipment: Shipment!
  }

  "A deleted shipment."
  type DeletedShipment {
    "The deleted shipment's id."
    id: ID!
  }

  "The vessel position put onto a shipment."
  type ShipmentPosition {
    "The shipment's id."
    shipmentId: ID!
    "Latitude in decimal degrees (WGS 84)."
    latitude: Float
    "Longitude in decimal degrees (WGS 84)."
    longitude: Float
    "When the position was read from AIS, an instant in UTC."
    aisUpdatedAt: DateTime
    "Arrival predicted from the position and speed, an instant in UTC."
    predictedArrivalAt: DateTime
  }

  "A refresh asked for ahead of the schedule."
  type RefreshRequest {
    "The shipment's id."
    shipmentId: ID!
    "Where its fetch stands now."
    queueStatus: QueueStatus!
    "False when a refresh was already queued or running, or the shipment is archived."
    queued: Boolean!
  }

  "Whether the viewer gets a shipment's notification e-mails."
  type SubscriptionState {
    "The shipment's id."
    shipmentId: ID!
    "Whether the viewer is subscribed."
    isNotificationEnabledForViewer: Boolean!
  }

  "Whether a shipment is one of the viewer's favorites."
  type FavoriteState {
    "The shipment's id."
    shipmentId: ID!
    "Whether it is a favorite."
    isFavoriteForViewer: Boolean!
  }

  "Whether the viewer has unread comments on a shipment."
  type CommentsReadState {
    "The shipment's id."
    shipmentId: ID!
    "Whether unread comments remain."
    hasUnreadCommentForViewer: Boolean!
  }

  extend type Query {
    "One shipment, by its id (members who see its team) or by its share link's token (anyone holding the link). Give exactly one."
    shipment(
      "The shipment's id."
      id: ID
      "The share link's token."
      shareToken: String
    ): Shipment!
    "A page of a team's shipments; teamId null (or HEADQUARTER) lists every team's (headquarters view: Admins and Managers, PREMIUM and ENTERPRISE)."
    shipments_v2(
      "The team; null or HEADQUARTER for every team."
      teamId: ID
      "The list's tab; default ONGOING."
      tab: ShipmentTab
      "The column to sort by; default arrivalTime."
      orderBy: ShipmentSortField
      "The direction; default ASC (empty values last)."
      orderByType: OrderByType
      "The page, from 1; default 1."
      page: Int
      "Shipments per page, 1 to 100000; default 100 (the list view's page). Up to 100000 fetches a calendar's or timeline's whole set; the request's list cost limit counts perPage times the items' selection."
      perPage: Int
      "Conditions every shipment must meet."
      searchInputs: [SearchInput!]
      "Words searched for in the shipment's texts (title, numbers, ports, vessels, remark, custom fields); at most 200 characters."
      fullTextQuery: String
    ): ShipmentsPage!
    "The failing shipments in view (at most one page), for the failing-shipments banner."
    shipments(
      "Words searched for, as fullTextQuery."
      searchTerm: String
      "true: archived only; false: not archived; omitted: both."
      isArchived: Boolean
      "true: the viewer's favorites only."
      isFavorite: Boolean
      "The team; null or HEADQUARTER for every team."
      teamIdForSearch: ID
    ): [Shipment!]!
    "Values the search box suggests for a field, from the shipments in view."
    shipmentSearchSuggestion(
      "The field."
      field: ShipmentSearchField!
      "What was typed so far."
      query: String
      "The team; null or HEADQUARTER for every team."
      teamId: ID
    ): [SearchSuggestion!]!
  }

  extend type Mutation {
    "Registers a shipment in a team and queues its first fetch. Admins, Managers and Operators; within the contract's tracking limit."
    createShipment(
      "The team."
      teamId: ID!
      "The shipment."
      input: ShipmentInput!
    ): CreatedShipment!
    "Changes a shipment. Admins, Managers and Operators."
    updateShipment(
      ${SHIPMENT_ID}
      "What changes."
      input: ShipmentUpdateInput!
    ): Shipment!
    "Deletes a shipment and everything on it. Admins and Managers."
    deleteShipment(
      ${SHIPMENT_ID}
    ): DeletedShipment!
    "Puts the vessel's newest AIS position onto the shipment (before its map is shown)."
    updateAis(
      ${SHIPMENT_ID}
    ): ShipmentPosition!
    "Queues a refresh from the carrier ahead of the schedule."
    runShipmentScrapingManually(
      ${SHIPMENT_ID}
    ): RefreshRequest!
    "Subscribes the viewer to the shipment's notification e-mails."
    subscribe(
      ${SHIPMENT_ID}
    ): SubscriptionState!
    "Ends the viewer's subscription to the shipment's notification e-mails."
    unsubscribe(
      ${SHIPMENT_ID}
    ): SubscriptionState!
    "Marks the shipment as one of the viewer's favorites."
    createFavorite(
      ${SHIPMENT_ID}
    ): FavoriteState!
    "Removes the shipment from the viewer's favorites."
    deleteFavorite(
      ${SHIPMENT_ID}
    ): FavoriteState!
    "Writes a comment on the shipment. Every member who sees it but Readonly."
    createComment(
      ${SHIPMENT_ID}
      "The comment."
      input: CommentInput!
    ): Comment!
    "Marks every comment of the shipment as read by the viewer."
    markAllCommentsAsRead(
      ${SHIPMENT_ID}
    ): CommentsReadState!
  }
`;
