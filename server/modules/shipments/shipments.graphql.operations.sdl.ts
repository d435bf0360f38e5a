// The shipments operations of the API (spec 01 §7): their inputs, answers, and the Query and
// Mutation fields. The types they answer with are in shipments.graphql.sdl.ts.

export const shipmentOperationsTypeDefs = /* GraphQL */ `
  type Pagination {
    total: Int!
    hasNextPage: Boolean!
  }

  type ShipmentsPage {
    items: [Shipment!]!
    pagination: Pagination!
  }

  input SearchInput {
    field: ShipmentSearchField!
    operator: SearchOperator!
    value: SearchValue
  }

  type SearchSuggestion {
    value: String!
    label: String!
  }

  input ShipmentInput {
    trackingNumber: String!
    shippingLine: ShippingLineCode!
    trackingType: TrackingType!
    title: String
    customField1: String
    customField2: String
    customField3: String
    "YYYY-MM-DD."
    requestedEtd: String
    "YYYY-MM-DD."
    requestedEta: String
  }

  "Absent fields stay as they are; null clears a text or a requested date."
  input ShipmentUpdateInput {
    shippingLine: ShippingLineCode
    trackingType: TrackingType
    trackingNumber: String
    title: String
    remark: String
    customField1: String
    customField2: String
    customField3: String
    requestedEtd: String
    requestedEta: String
    isArchived: Boolean
    "Moves the shipment to another team (PREMIUM and ENTERPRISE)."
    teamId: ID
  }

  input CommentInput {
    content: String!
  }

  "A non-blocking remark on the line and type chosen (spec 01 §5)."
  type TrackingWarning {
    code: String!
    message: String!
  }

  type CreatedShipment {
    id: ID!
    warnings: [TrackingWarning!]!
    shipment: Shipment!
  }

  type DeletedShipment {
    id: ID!
  }

  type ShipmentPosition {
    shipmentId: ID!
    latitude: Float
    longitude: Float
    aisUpdatedAt: DateTime
    predictedArrivalAt: DateTime
  }

  type RefreshRequest {
    shipmentId: ID!
    queueStatus: QueueStatus!
    "False when a refresh was already queued or running, or the shipment is archived."
    queued: Boolean!
  }

  type SubscriptionState {
    shipmentId: ID!
    isNotificationEnabledForViewer: Boolean!
  }

  type FavoriteState {
    shipmentId: ID!
    isFavoriteForViewer: Boolean!
  }

  type CommentsReadState {
    shipmentId: ID!
    hasUnreadCommentForViewer: Boolean!
  }

  extend type Query {
    "One shipment, by its id (members) or by its share link's token (anyone holding the link)."
    shipment(id: ID, shareToken: String): Shipment!
    "A page of a team's shipments; teamId null (or HEADQUARTER) lists every team's (headquarters view)."
    shipments_v2(
      teamId: ID
      tab: ShipmentTab
      orderBy: ShipmentSortField
      orderByType: OrderByType
      page: Int
      perPage: Int
      searchInputs: [SearchInput!]
      fullTextQuery: String
    ): ShipmentsPage!
    "The failing shipments in view (at most one page), for the failing-shipments banner."
    shipments(searchTerm: String, isArchived: Boolean, isFavorite: Boolean, teamIdForSearch: ID): [Shipment!]!
    shipmentSearchSuggestion(field: ShipmentSearchField!, query: String, teamId: ID): [SearchSuggestion!]!
  }

  extend type Mutation {
    createShipment(teamId: ID!, input: ShipmentInput!): CreatedShipment!
    updateShipment(shipmentId: ID!, input: ShipmentUpdateInput!): Shipment!
    deleteShipment(shipmentId: ID!): DeletedShipment!
    "Puts the vessel's newest AIS position onto the shipment (before its map is shown)."
    updateAis(shipmentId: ID!): ShipmentPosition!
    "Queues a refresh from the carrier ahead of the schedule."
    runShipmentScrapingManually(shipmentId: ID!): RefreshRequest!
    subscribe(shipmentId: ID!): SubscriptionState!
    unsubscribe(shipmentId: ID!): SubscriptionState!
    createFavorite(shipmentId: ID!): FavoriteState!
    deleteFavorite(shipmentId: ID!): FavoriteState!
    createComment(shipmentId: ID!, input: CommentInput!): Comment!
    markAllCommentsAsRead(shipmentId: ID!): CommentsReadState!
  }
`;
