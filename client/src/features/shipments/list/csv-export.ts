import { HEADQUARTER_TEAM_ID } from "../../../../../shared/enums";

export type CsvExportPath = "/csv_download_v2" | "/csv_download_containers";

/**
 * The CSV export of spec 01 §7: a real form post (teamId and repeated shipmentIds) so the browser
 * streams the file to disk itself, however large. The answer is an attachment, so the console
 * stays where it is. (A hidden frame as the target would keep a refusal off the page too, but the
 * console's CSP allows no frames of its own origin.)
 */
export function postCsvExport(
  path: CsvExportPath,
  teamId: string | null,
  shipmentIds: readonly string[],
): void {
  const form = document.createElement("form");
  form.method = "POST";
  form.action = path;
  form.hidden = true;
  const add = (name: string, value: string) => {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  };
  add("teamId", teamId ?? HEADQUARTER_TEAM_ID);
  for (const id of shipmentIds) add("shipmentIds", id);
  document.body.append(form);
  form.submit();
  form.remove();
}
