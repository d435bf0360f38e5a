import { type DragEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileUpIcon } from "./csv-icons";

/**
 * A file picker that also takes a dropped file. The real <input type="file"> stays in the tab order
 * (visually hidden; its label looks like the button and shows its focus), so Enter opens the picker.
 */
export function CsvDropZone({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    // A drop target, not a control: the file input inside is the keyboard's way in.
    <section
      aria-label={t("shipmentNew.csv.drop")}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors ${
        over ? "border-blue-500 bg-blue-50" : "border-slate-300 bg-white"
      }`}
    >
      <FileUpIcon className="size-8 text-slate-400" />
      <p className="text-sm text-slate-600">
        {t("shipmentNew.csv.drop")} {t("shipmentNew.csv.or")}
      </p>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        className="peer sr-only"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again after fixing it is still a change.
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
      <label
        htmlFor={id}
        className="inline-flex h-10 cursor-pointer items-center rounded-md bg-blue-700 px-4 text-sm font-medium text-white shadow-sm hover:bg-blue-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
      >
        {t("shipmentNew.csv.choose")}
      </label>
    </section>
  );
}
