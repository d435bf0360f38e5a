// The addresses a notification e-mail links to. The unsubscribe token is the only secret in them.

const trimSlash = (url: string) => url.replace(/\/+$/, "");

export const ONE_CLICK_UNSUBSCRIBE_PATH = "/notifications/unsubscribe";

export function notificationLinks(appUrl: string, shipmentId: string, token: string) {
  const base = trimSlash(appUrl);
  const query = `unsubscribeToken=${encodeURIComponent(token)}`;
  return {
    shipmentUrl: `${base}/app/console/shipments/${shipmentId}`,
    settingsUrl: `${base}/app/console/settings/notifications`,
    unsubscribeUrl: `${base}/app/unsubscribe?${query}`,
    /** RFC 8058: the mail client POSTs here without a session. */
    oneClickUrl: `${base}${ONE_CLICK_UNSUBSCRIBE_PATH}?${query}`,
  };
}
