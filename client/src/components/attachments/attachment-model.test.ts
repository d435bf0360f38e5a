import { describe, expect, it } from "vitest";
import { ATTACHMENT_MAX_BYTES } from "../../../../shared/constants";
import { contentTypeOf, formatBytes, selectFiles } from "./attachment-model";

const file = (name: string, size: number, type = "") => ({ name, size, type });

describe("selectFiles (spec 02 §5, before any upload)", () => {
  it("keeps allowed types up to exactly 5 MB and counts the refused per reason", () => {
    const picked = [
      file("bl.pdf", ATTACHMENT_MAX_BYTES, "application/pdf"),
      file("photo.JPG", 10, "image/jpeg"),
      file("scan.tif", 10, ""),
      file("big.png", ATTACHMENT_MAX_BYTES + 1, "image/png"),
      file("bigger.gif", ATTACHMENT_MAX_BYTES * 2, "image/gif"),
      file("notes.docx", 10, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
      file("empty.pdf", 0, "application/pdf"),
    ];
    const selection = selectFiles(picked);
    expect(selection.accepted.map((f) => f.name)).toEqual(["bl.pdf", "photo.JPG", "scan.tif"]);
    expect(selection.tooLarge).toBe(2);
    expect(selection.wrongType).toBe(2);
  });

  it("declares the type the extension stands for", () => {
    expect(contentTypeOf(file("a.tiff", 1, ""))).toBe("image/tiff");
    expect(contentTypeOf(file("a.jpeg", 1, "image/pjpeg"))).toBe("image/jpeg");
    expect(contentTypeOf(file("a.exe", 1, "application/x-msdownload"))).toBe("application/x-msdownload");
  });
});

describe("formatBytes", () => {
  it("reads as people write sizes", () => {
    expect(formatBytes(532, "en")).toBe("532 B");
    expect(formatBytes(8600, "en")).toBe("8.4 KB");
    expect(formatBytes(ATTACHMENT_MAX_BYTES, "en")).toBe("5 MB");
    expect(formatBytes(1536 * 1024 * 10, "ja")).toBe("15 MB");
  });
});
