import { VISIBILITY_SCOPES } from "../../../../shared/enums";
import {
  AttachmentIdInput,
  GenerateUploadUrlInput,
  GuestAttachmentInput,
  GuestAttachmentsInput,
  GuestGenerateUploadUrlInput,
  UpdateAttachmentVisibilityInput,
} from "../../../../shared/schemas/attachments";
import { describedEnum } from "../../../graphql/describe";
import type { FieldLoader, GraphqlContext, GraphqlModule } from "../../../graphql/module";
import { appConfig } from "../../../graphql/support";
import { memberOnly, type ShipmentParent } from "../../shipments/graphql/shipments.graphql.fields";
import {
  guestCompleteUpload,
  guestDeleteAttachment,
  guestGenerateUploadUrl,
  guestGetDownloadUrl,
  guestListAttachments,
} from "../attachments.guest.service";
import type { AttachmentView, UploadTicket } from "../attachments.output";
import {
  completeUpload,
  deleteAttachment,
  generateUploadUrl,
  getDownloadUrl,
  updateAttachmentVisibility,
} from "../attachments.service";
import { storageFor } from "../storage/storage";
import { attachmentsOf } from "./attachments.loaders";

// Files on a shipment (spec 02 §3 Attachment, §7 the attachment operations): the Files tab for
// members, and the share page's equivalents keyed by the share token for signed-in guests. Each
// resolver calls the service function the console's tRPC procedure calls.

type Args = Record<string, unknown>;

/** A written `null` is an omitted optional argument for the shared schemas. */
const present = (args: Args): Args =>
  Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined));

const storage = (ctx: GraphqlContext) => storageFor(appConfig(ctx));
const client = (ctx: GraphqlContext) => ({ ip: ctx.reply.request.ip });

/** The signed headers as a list: a GraphQL client cannot ask for a map's unknown keys. */
const ticket = (t: UploadTicket) => ({
  ...t,
  headers: Object.entries(t.headers).map(([name, value]) => ({ name, value })),
});

const UPLOAD_ARGS = /* GraphQL */ `
  "The file's name as shown (control characters are removed); at most 255 characters."
  filename: String!
  "The file's MIME type: application/pdf, image/png, image/jpeg, image/gif or image/tiff."
  contentType: String!
  "The file's size in bytes; at most 5 MB (5242880)."
  fileSizeBytes: Int!
`;

export const attachmentsGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    ${describedEnum("VisibilityScope", "Who outside the company may download a file.", VISIBILITY_SCOPES, {
      INTERNAL_ONLY: "Only the company's members.",
      LIMITED_SHARING: "The members, and the addresses of its share list through the shipment's share page.",
    })}
    "An address a file is shared with."
    type AttachmentShare {
      "The share's id."
      id: ID!
      "The address that may download the file through the share page."
      email: String!
    }
    """
    A file on a shipment as a member of the company sees it (the Files tab). Members of the company
    who see the shipment, while the company has the connect feature.
    """
    type Attachment {
      "The file's id."
      id: ID!
      "The file's name."
      filename: String!
      "The file's MIME type."
      contentType: String!
      "The file's size in bytes."
      fileSizeBytes: Int!
      "When the upload was asked for, an instant in UTC."
      createdAt: DateTime!
      "The uploader's nickname; for a guest's upload through a share link, the guest's e-mail."
      uploadedUserName: String
      "The member who uploaded it; null for a guest's upload or a deleted account."
      uploadedByUserId: ID
      "The guest's address, when a guest uploaded it through the share page."
      uploadedByGuestEmail: String
      "Who outside the company may download it."
      visibilityScope: VisibilityScope!
      "The addresses it is shared with (empty unless LIMITED_SHARING)."
      shareList: [AttachmentShare!]!
      "Whether the viewer uploaded it."
      isOwn: Boolean!
      "Whether the viewer may delete it: the uploader, an Admin or a Manager."
      canDelete: Boolean!
    }
    """
    A file on a shared shipment as a guest sees it through the share page: files shared with the
    guest's address and the guest's own uploads. Who uploaded the others is not shown.
    """
    type GuestAttachment {
      "The file's id."
      id: ID!
      "The file's name."
      filename: String!
      "The file's MIME type."
      contentType: String!
      "The file's size in bytes."
      fileSizeBytes: Int!
      "When the upload was asked for, an instant in UTC."
      createdAt: DateTime!
      "The uploader's nickname, or the guest's e-mail for an upload through the share page."
      uploadedUserName: String
      "Whether the guest uploaded it."
      isOwn: Boolean!
      "Whether the guest may delete it (their own uploads only)."
      canDelete: Boolean!
    }
    "A header to send with the upload's PUT exactly as given: it is part of the signature."
    type SignedHeader {
      "The header's name."
      name: String!
      "The header's value."
      value: String!
    }
    """
    Where to send a file: PUT its bytes to uploadUrl with every header in headers before expiresAt,
    then call completeAttachmentUpload (or completeGuestAttachmentUpload) with attachmentId.
    """
    type AttachmentUploadTicket {
      "The file's id, to complete the upload with."
      attachmentId: ID!
      "The signed address to PUT the file to."
      uploadUrl: String!
      "The HTTP method to use: PUT."
      method: String!
      "Headers to send with the PUT (the content type and AES256 server-side encryption among them)."
      headers: [SignedHeader!]!
      "When the address stops working, an instant in UTC."
      expiresAt: DateTime!
    }
    "A signed address to download a file from, opened in a new tab."
    type AttachmentDownloadTicket {
      "The signed download address."
      url: String!
      "When the address stops working, an instant in UTC."
      expiresAt: DateTime!
    }
    extend type Shipment {
      "The shipment's finished files, newest first. Members, while the company has the connect feature; not through a share link."
      attachments: [Attachment!]
    }
    extend type Query {
      "The files a signed-in guest sees on the shipment behind a share link (connect feature of the shipment's company)."
      guestAttachments(
        "The shipment's share token."
        shareToken: String!
      ): [GuestAttachment!]!
    }
    extend type Mutation {
      "Asks for an address to upload a file to a shipment. Admins, Managers and Operators who see the shipment."
      generateAttachmentUploadUrl(
        "The shipment the file belongs to."
        shipmentId: ID!
        ${UPLOAD_ARGS}
      ): AttachmentUploadTicket!
      "After the PUT: checks the stored file and shows it on the shipment. The uploader only."
      completeAttachmentUpload(
        "The attachmentId of the upload ticket."
        attachmentId: ID!
      ): Attachment!
      "A signed address to download a file. Members who see the shipment."
      getAttachmentDownloadUrl(
        "The file to download."
        attachmentId: ID!
      ): AttachmentDownloadTicket!
      "Deletes a file; returns its id. The uploader, an Admin or a Manager."
      deleteAttachment(
        "The file to delete."
        attachmentId: ID!
      ): ID!
      "Sets who outside the company may download a file, and may e-mail the newly added addresses. Admins, Managers and Operators."
      updateAttachmentVisibility(
        "The file."
        attachmentId: ID!
        "INTERNAL_ONLY, or LIMITED_SHARING with the addresses in emails."
        visibilityScope: VisibilityScope!
        "The addresses that may download it (LIMITED_SHARING); up to 100, replacing the list."
        emails: [String!]
        "E-mail the newly added addresses a link to the share page; default false."
        sendNotification: Boolean
        "A message for that e-mail; at most 2000 characters."
        notificationMessage: String
      ): Attachment!
      "Guest upload through a share link: an address to upload a file to the shared shipment. Signed-in people with a verified e-mail."
      generateGuestAttachmentUploadUrl(
        "The shipment's share token."
        shareToken: String!
        ${UPLOAD_ARGS}
      ): AttachmentUploadTicket!
      "After the guest's PUT: checks the stored file and shows it. The guest who asked for the upload only."
      completeGuestAttachmentUpload(
        "The shipment's share token."
        shareToken: String!
        "The attachmentId of the upload ticket."
        attachmentId: ID!
      ): GuestAttachment!
      "Guest download through a share link: files shared with the guest's address, and their own uploads."
      getGuestAttachmentDownloadUrl(
        "The shipment's share token."
        shareToken: String!
        "The file to download."
        attachmentId: ID!
      ): AttachmentDownloadTicket!
      "Deletes the guest's own upload through a share link; returns its id."
      deleteGuestAttachment(
        "The shipment's share token."
        shareToken: String!
        "The file to delete."
        attachmentId: ID!
      ): ID!
    }
  `,
  resolvers: {
    Query: {
      guestAttachments: (_root, args: Args, ctx) =>
        guestListAttachments(ctx.service, GuestAttachmentsInput.parse(args).shareToken, client(ctx)),
    },
    Mutation: {
      generateAttachmentUploadUrl: async (_root, args: Args, ctx) =>
        ticket(await generateUploadUrl(ctx.service, storage(ctx), GenerateUploadUrlInput.parse(args))),
      completeAttachmentUpload: (_root, args: Args, ctx) =>
        completeUpload(ctx.service, storage(ctx), AttachmentIdInput.parse(args).attachmentId),
      getAttachmentDownloadUrl: (_root, args: Args, ctx) =>
        getDownloadUrl(ctx.service, storage(ctx), AttachmentIdInput.parse(args).attachmentId),
      deleteAttachment: async (_root, args: Args, ctx) =>
        (await deleteAttachment(ctx.service, storage(ctx), AttachmentIdInput.parse(args).attachmentId))
          .attachmentId,
      updateAttachmentVisibility: (_root, args: Args, ctx) =>
        updateAttachmentVisibility(ctx.service, UpdateAttachmentVisibilityInput.parse(present(args)), {
          appUrl: appConfig(ctx).APP_URL,
        }),
      generateGuestAttachmentUploadUrl: async (_root, args: Args, ctx) =>
        ticket(
          await guestGenerateUploadUrl(
            ctx.service,
            storage(ctx),
            GuestGenerateUploadUrlInput.parse(args),
            client(ctx),
          ),
        ),
      completeGuestAttachmentUpload: (_root, args: Args, ctx) =>
        guestCompleteUpload(ctx.service, storage(ctx), GuestAttachmentInput.parse(args), client(ctx)),
      getGuestAttachmentDownloadUrl: (_root, args: Args, ctx) =>
        guestGetDownloadUrl(ctx.service, storage(ctx), GuestAttachmentInput.parse(args), client(ctx)),
      deleteGuestAttachment: async (_root, args: Args, ctx) =>
        (
          await guestDeleteAttachment(
            ctx.service,
            storage(ctx),
            GuestAttachmentInput.parse(args),
            client(ctx),
          )
        ).attachmentId,
    },
  },
  loaders: {
    Shipment: {
      attachments: {
        key: (p) => ("id" in p ? p.id : null),
        batch: attachmentsOf,
        // Through a share link the guest operations answer, keyed by the token.
        known: (p) => {
          memberOnly(p);
          return undefined;
        },
        missing: [],
      } satisfies FieldLoader<ShipmentParent, AttachmentView[]>,
    },
  },
};
