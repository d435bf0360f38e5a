import type { AisDecodeError } from "../ais.types";

// NMEA 0183 encapsulation of AIS (IEC 61162-1): !AIVDM,<count>,<number>,<seq id>,<channel>,<payload>,<fill>*hh
// A message longer than one sentence is split into fragments that share the sequential message id.

export interface VdmSentence {
  raw: string;
  /** Two letters: AI for a mobile station, AB/AN/BS... for base stations and repeaters. */
  talker: string;
  /** VDM: heard from another vessel. VDO: the receiver's own vessel. */
  formatter: "VDM" | "VDO";
  fragmentCount: number;
  fragmentNumber: number;
  /** Sequential message id linking the fragments of one message; empty for single sentences. */
  messageId: string;
  channel: string;
  payload: string;
  fillBits: number;
}

export type SentenceResult = { ok: true; sentence: VdmSentence } | { ok: false; error: AisDecodeError };

/** XOR of every character between the start delimiter and '*'. */
export function nmeaChecksum(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum ^= body.charCodeAt(i);
  return sum;
}

function fail(code: AisDecodeError["code"], reason: string, sentence: string): SentenceResult {
  return { ok: false, error: { code, reason, sentence } };
}

const HEX2 = /^[0-9A-Fa-f]{2}$/;

export function parseVdmSentence(line: string): SentenceResult {
  const text = line.trim();
  // Feeds often prefix sentences with an NMEA 4 tag block (\s:station,c:time*hh\) or a receive time.
  const start = text.search(/[!$]/);
  if (start < 0) return fail("MALFORMED", "no NMEA sentence", text);
  const raw = text.slice(start);
  const star = raw.lastIndexOf("*");
  if (star < 0) return fail("MALFORMED", "missing checksum", raw);
  const given = raw.slice(star + 1);
  if (!HEX2.test(given)) return fail("MALFORMED", `checksum field ${JSON.stringify(given)}`, raw);
  const body = raw.slice(1, star);
  const expected = nmeaChecksum(body);
  if (Number.parseInt(given, 16) !== expected) {
    const hex = expected.toString(16).toUpperCase().padStart(2, "0");
    return fail("BAD_CHECKSUM", `checksum ${given.toUpperCase()}, computed ${hex}`, raw);
  }

  const fields = body.split(",");
  const address = fields[0] ?? "";
  const formatter = address.slice(2);
  if (!/^[A-Z]{2}[A-Z]{3}$/.test(address) || (formatter !== "VDM" && formatter !== "VDO")) {
    return fail("UNSUPPORTED_SENTENCE", `sentence ${address || "(none)"}`, raw);
  }
  if (fields.length !== 7) return fail("MALFORMED", `${fields.length} fields, expected 7`, raw);
  const [, count, number, messageId = "", channel = "", payload = "", fill] = fields;
  const fragmentCount = Number(count);
  const fragmentNumber = Number(number);
  const fillBits = Number(fill);
  if (!/^[1-9]$/.test(count ?? "") || !/^[1-9]$/.test(number ?? "") || fragmentNumber > fragmentCount) {
    return fail("MALFORMED", `fragment ${number} of ${count}`, raw);
  }
  if (!/^\d?$/.test(messageId)) return fail("MALFORMED", `sequential message id ${messageId}`, raw);
  if (payload === "") return fail("MALFORMED", "empty payload", raw);
  if (!/^[0-5]$/.test(fill ?? "")) return fail("MALFORMED", `fill bits ${JSON.stringify(fill)}`, raw);
  return {
    ok: true,
    sentence: {
      raw,
      talker: address.slice(0, 2),
      formatter,
      fragmentCount,
      fragmentNumber,
      messageId,
      channel,
      payload,
      fillBits,
    },
  };
}

export interface AssembledPayload {
  payload: string;
  fillBits: number;
  sentences: string[];
}

interface Group {
  count: number;
  parts: (VdmSentence | undefined)[];
  received: number;
  startedAt: number;
}

export interface FragmentAssemblerOptions {
  /** A group not completed within this time is dropped (fragments arrive milliseconds apart). */
  timeoutMs?: number;
  /** Groups kept at most; beyond it the oldest is dropped, so a broken feed cannot grow memory. */
  maxGroups?: number;
  now: () => number;
}

/** Joins the fragments of multi-sentence messages, in any order, keyed by talker, id and channel. */
export class FragmentAssembler {
  readonly #groups = new Map<string, Group>();
  readonly #timeoutMs: number;
  readonly #maxGroups: number;
  readonly #now: () => number;

  constructor(options: FragmentAssemblerOptions) {
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#maxGroups = options.maxGroups ?? 1000;
    this.#now = options.now;
  }

  get pending(): number {
    return this.#groups.size;
  }

  /** Adds a sentence: the whole payload once complete, and the groups it made obsolete. */
  push(sentence: VdmSentence): { complete: AssembledPayload | null; dropped: AisDecodeError[] } {
    const dropped = this.expire();
    if (sentence.fragmentCount === 1) {
      return { complete: { ...sentence, sentences: [sentence.raw] }, dropped };
    }
    const key = `${sentence.talker}${sentence.formatter}|${sentence.messageId}|${sentence.channel}`;
    let group = this.#groups.get(key);
    // The same id reused (a count that differs, or a fragment seen twice) means a new message began.
    if (group && (group.count !== sentence.fragmentCount || group.parts[sentence.fragmentNumber - 1])) {
      dropped.push(this.#drop(key, group, "overtaken by a new message with the same id"));
      group = undefined;
    }
    if (!group) {
      if (this.#groups.size >= this.#maxGroups) dropped.push(...this.#dropOldest());
      group = { count: sentence.fragmentCount, parts: [], received: 0, startedAt: this.#now() };
      this.#groups.set(key, group);
    }
    group.parts[sentence.fragmentNumber - 1] = sentence;
    group.received += 1;
    if (group.received < group.count) return { complete: null, dropped };

    this.#groups.delete(key);
    const parts = group.parts as VdmSentence[];
    const last = parts[parts.length - 1] as VdmSentence;
    return {
      complete: {
        payload: parts.map((p) => p.payload).join(""),
        fillBits: last.fillBits,
        sentences: parts.map((p) => p.raw),
      },
      dropped,
    };
  }

  /** Drops the groups older than the timeout. */
  expire(): AisDecodeError[] {
    const cutoff = this.#now() - this.#timeoutMs;
    const dropped: AisDecodeError[] = [];
    for (const [key, group] of this.#groups) {
      if (group.startedAt <= cutoff) dropped.push(this.#drop(key, group, "timed out"));
    }
    return dropped;
  }

  /** Drops every pending group (end of input). */
  flush(): AisDecodeError[] {
    return [...this.#groups].map(([key, group]) => this.#drop(key, group, "input ended"));
  }

  #dropOldest(): AisDecodeError[] {
    const first = this.#groups.entries().next();
    return first.done ? [] : [this.#drop(first.value[0], first.value[1], "too many pending messages")];
  }

  #drop(key: string, group: Group, why: string): AisDecodeError {
    this.#groups.delete(key);
    const have = group.parts.filter(Boolean) as VdmSentence[];
    return {
      code: "INCOMPLETE",
      reason: `multi-sentence message ${why}: ${have.length} of ${group.count} fragments`,
      sentence: have.map((s) => s.raw).join("\n"),
    };
  }
}
