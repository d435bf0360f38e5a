// AIS payloads are bit fields "armored" into printable characters, six bits each (ITU-R M.1371,
// IEC 61162-1). A reader over those bits; text fields use the AIS six-bit alphabet.

const TEXT_ALPHABET = "@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_ !\"#$%&'()*+,-./0123456789:;<=>?";

/** The six-bit value of one armored character, or null for a character outside the armor. */
export function armorValue(code: number): number | null {
  // '0'..'W' are 0..39 and '`'..'w' are 40..63; the eight characters between are not used.
  if (code >= 48 && code <= 87) return code - 48;
  if (code >= 96 && code <= 119) return code - 56;
  return null;
}

export class BitReader {
  readonly length: number;
  readonly #bits: Uint8Array;

  private constructor(bits: Uint8Array, length: number) {
    this.#bits = bits;
    this.length = length;
  }

  /** Unarmors a payload; the last `fillBits` bits are padding and not part of the message. */
  static fromPayload(payload: string, fillBits: number): BitReader | { error: string } {
    if (!Number.isInteger(fillBits) || fillBits < 0 || fillBits > 5)
      return { error: `fill bits ${fillBits}` };
    const bits = new Uint8Array(payload.length * 6);
    for (let i = 0; i < payload.length; i++) {
      const value = armorValue(payload.charCodeAt(i));
      if (value === null) return { error: `invalid payload character ${JSON.stringify(payload[i])}` };
      for (let b = 0; b < 6; b++) bits[i * 6 + b] = (value >> (5 - b)) & 1;
    }
    const length = Math.max(0, bits.length - fillBits);
    return new BitReader(bits, length);
  }

  has(start: number, width: number): boolean {
    return start + width <= this.length;
  }

  uint(start: number, width: number): number {
    let value = 0;
    // Multiplication rather than shifts: 30-bit MMSIs and IMO numbers must not turn negative.
    for (let i = start; i < start + width; i++) value = value * 2 + (this.#bits[i] ?? 0);
    return value;
  }

  int(start: number, width: number): number {
    const raw = this.uint(start, width);
    return this.#bits[start] === 1 ? raw - 2 ** width : raw;
  }

  bool(start: number): boolean {
    return this.#bits[start] === 1;
  }

  /** Six-bit text; '@' is padding, so trailing '@' and surrounding spaces go. Bits past the end are ignored. */
  text(start: number, width: number): string {
    let out = "";
    const end = Math.min(start + width, this.length);
    for (let i = start; i + 6 <= end; i += 6) out += TEXT_ALPHABET[this.uint(i, 6)];
    return out.replace(/[@\s]+$/, "").trimStart();
  }
}
