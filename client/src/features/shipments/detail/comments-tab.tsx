import { useTranslation } from "react-i18next";
import { CreateCommentInput } from "../../../../../shared/schemas/shipments";
import { Panel } from "../../../components/shipment/panel";
import { formatDateTime } from "../../../components/shipment/time-format";
import { TimeAgo } from "../../../components/shipment/updated-ago";
import { useLanguage } from "../../../components/shipment/use-language";
import { Avatar } from "../../../components/ui/avatar";
import { SubmitButton } from "../../../components/ui/button";
import { TextAreaField } from "../../../components/ui/field";
import { ErrorState, LoadingState } from "../../../components/ui/state";
import { useZodForm } from "../../../lib/form";
import { trpc } from "../../../lib/trpc";
import { useAction } from "../../../lib/use-action";
import type { ShipmentComment, ShipmentDetail } from "./types";

const CommentForm = CreateCommentInput.pick({ content: true });

/** The team's conversation about the shipment, oldest first, with the box to add to it. */
export function CommentsTab({ shipment }: { shipment: ShipmentDetail }) {
  const { t } = useTranslation();
  const query = trpc.shipments.comments.useQuery({ shipmentId: shipment.id });
  return (
    <Panel title={t("shipmentDetail.comments.title")}>
      {query.isError ? (
        <ErrorState message={t("shipmentDetail.loadFailed")} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <LoadingState />
      ) : query.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t("shipmentDetail.comments.empty")}</p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label={t("shipmentDetail.comments.title")}>
          {query.data.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ol>
      )}
      <div className="mt-6 border-t border-slate-100 pt-5">
        {shipment.viewerCan.comment ? (
          <NewComment shipmentId={shipment.id} />
        ) : (
          <p className="text-sm text-slate-600">{t("shipmentDetail.comments.readOnly")}</p>
        )}
      </div>
    </Panel>
  );
}

function CommentItem({ comment }: { comment: ShipmentComment }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = comment.user?.nickname ?? t("shipmentDetail.comments.deletedUser");
  return (
    <li className="flex items-start gap-3">
      <Avatar name={name} color={comment.user?.color ?? "#94a3b8"} />
      <div
        className={`min-w-0 flex-1 rounded-lg px-3.5 py-2.5 ${comment.isOwn ? "bg-blue-50" : "bg-slate-50"}`}
      >
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-medium text-slate-900">
            {comment.isOwn ? `${name} (${t("common.you")})` : name}
          </span>
          <span className="text-xs text-slate-500" title={formatDateTime(comment.createdAt, language)}>
            <TimeAgo at={comment.createdAt} />
          </span>
        </p>
        <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">{comment.content}</p>
      </div>
    </li>
  );
}

function NewComment({ shipmentId }: { shipmentId: string }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const run = useAction();
  const create = trpc.shipments.createComment.useMutation();
  const form = useZodForm(CommentForm, { content: "" });

  const onSubmit = form.handleSubmit(async ({ content }) => {
    const done = await run(
      () => create.mutateAsync({ shipmentId, content }),
      () => t("shipmentDetail.comments.posted"),
    );
    if (!done) return;
    form.reset({ content: "" });
    await Promise.all([
      utils.shipments.comments.invalidate({ shipmentId }),
      utils.shipments.activities.invalidate({ shipmentId }),
    ]);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <TextAreaField
        label={t("shipmentDetail.comments.label")}
        placeholder={t("shipmentDetail.comments.placeholder")}
        hint={t("shipmentDetail.comments.hint")}
        maxLength={5000}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
        {...form.field("content")}
      />
      <div>
        <SubmitButton submitting={form.submitting}>{t("shipmentDetail.comments.submit")}</SubmitButton>
      </div>
    </form>
  );
}
