import { useTranslation } from "react-i18next";
import { Panel } from "../../components/shipment/panel";
import { GuestFiles } from "./guest-files";
import type { SharedShipment } from "./types";
import { VisitorLinks } from "./visitor-links";

/**
 * Attached Files of the share page (spec 02 §2), shown when the owner has the connect feature.
 * Anonymous visitors are asked to log in; a signed-in guest sees what is shared with them.
 */
export function ShareFiles({ shipment }: { shipment: SharedShipment }) {
  const { t } = useTranslation();
  if (!shipment.viewer.signedIn) {
    return (
      <Panel title={t("share.files.title")}>
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-slate-600">{t("share.files.signInToSee")}</p>
          <VisitorLinks size="sm" />
        </div>
      </Panel>
    );
  }
  return (
    <Panel title={t("share.files.title")}>
      <GuestFiles shareToken={shipment.shareToken} canUpload={shipment.viewer.canUpload} />
    </Panel>
  );
}
