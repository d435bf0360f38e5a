// The public shared shipment page, the guest home and the share-link controls of the detail page
// (spec 02 §2, "Shared shipment page"). Field names come from the `shipment` namespace.
export const share = {
  page: {
    breadcrumb: "Shipments",
    documentTitle: "Shared shipment",
    notFound: "We couldn't find the shipment.",
    notFoundBody:
      "The link may have been turned off or replaced by a new one. Ask the person who shared it with you for the current link.",
    loadFailed: "The shipment could not be loaded.",
    archived: "Archived",
    readOnly: "You are viewing a shared shipment. Only its owner can change it.",
    details: "Details",
  },
  visitor: {
    login: "Log in",
    signup: "Sign up",
    signedInAs: "Signed in as {{email}}",
  },
  files: {
    title: "Attached Files",
    signInToSee: "Log in to see the files shared with you and to add files.",
  },
  guestHome: {
    title: "Shipments",
    subtitle: "Shipments {{companyName}} shares with you",
    guest: "Guest",
    caption: "Shared shipments",
    opensInNewTab: "opens in a new tab",
    empty: "There are no shipments yet.",
    emptyBody: "Shipments that {{companyName}} shares with this team will appear here.",
    noMatch: "We can't find any shipments matching your search.",
    clearSearch: "Clear search",
    truncated: "Showing the first {{shown}} of {{total}} shipments. Search to narrow them down.",
    loadFailed: "The shipments could not be loaded.",
    none: "—",
    moreContainers: "+{{count}}",
  },
  link: {
    title: "Share link",
    description:
      "Anyone with this link can see the shipment's schedule without signing in. Files stay private unless you share them with someone's e-mail address.",
    address: "Share link address",
    copy: "Copy link",
    copied: "Link copied.",
    copyFailed: "The link could not be copied. Select it and copy it yourself.",
    open: "Open shared page",
    regenerate: "New link",
    regenerateTitle: "Create a new share link?",
    regenerateBody: "The current link stops working at once. Anyone who has it will need the new one.",
    regenerateConfirm: "Create new link",
    regenerated: "A new share link was created. The old link no longer works.",
    revoke: "Turn off",
    revokeTitle: "Turn off the share link?",
    revokeBody:
      "The link stops working at once: the shared page will say the shipment cannot be found. You can create a new link later.",
    revokeConfirm: "Turn off link",
    revoked: "The share link is turned off.",
    off: "The share link is off. Nobody outside your company can open this shipment's shared page.",
    create: "Create share link",
    created: "Share link created.",
  },
} as const;
