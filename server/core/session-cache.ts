import { sessionCacheReads } from "./metrics";
import type { RequestSnapshot } from "./request-cache";

// Validated sessions kept in memory for read requests (docs/decisions/0089-session-cache.md).
// Postgres announces every change to what a session decides (the session, its user, the user's
// company, contracts and team memberships) on one channel; each web process listens, drops the
// entries a change touches, and serves a read from memory only after a fence proves it has heard
// every change committed before the request arrived. Not listening means no cache at all.

/** The channel the database's triggers notify on (drizzle/0026_session_standing_notify.sql). */
export const SESSION_STANDING_CHANNEL = "session_standing";

/** An entry is read afresh at least this often, whatever was (not) announced. */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Entries kept at most (a few kB each: the user, company and contract rows); the oldest go first. */
const MAX_ENTRIES = 5_000;

/** Bound once: a labelled child's inc() is all a request pays. */
const reads = {
  hit: sessionCacheReads.labels({ outcome: "hit" }),
  miss: sessionCacheReads.labels({ outcome: "miss" }),
  unproven: sessionCacheReads.labels({ outcome: "unproven" }),
};

export interface CachedSession extends RequestSnapshot {
  /** Derived values computed once per entry (the viewer's teams); dropped with the entry. */
  memo: Map<string, unknown>;
}

interface Entry {
  value: CachedSession;
  expiresAt: number;
}

/** What the cache needs from the listener: whether it listens, and the fence. */
export interface StandingFence {
  readonly connected: boolean;
  fence(): Promise<boolean>;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly byCompany = new Map<string, Set<string>>();
  /** Bumped on every change heard or connection lost: a lookup that overlapped one is not kept. */
  private epoch = 0;
  private fence: StandingFence | null = null;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Attaches the listener; without one (or while it is not listening) nothing is cached. */
  attachFence(fence: StandingFence): void {
    this.fence = fence;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The current epoch, taken before reading a session from the database (see `remember`). */
  mark(): number {
    return this.epoch;
  }

  /**
   * The cached session, once every change committed before this call has been heard; null when
   * there is none, it was dropped meanwhile, or that cannot be proven.
   */
  async get(sessionId: string): Promise<CachedSession | null> {
    const fence = this.fence;
    if (!fence?.connected) {
      reads.unproven.inc();
      return null;
    }
    const before = this.fresh(sessionId);
    if (!before) {
      reads.miss.inc();
      return null;
    }
    if (!(await fence.fence())) {
      reads.unproven.inc();
      return null;
    }
    const after = this.fresh(sessionId);
    if (after !== before) {
      reads.miss.inc();
      return null;
    }
    reads.hit.inc();
    return after.value;
  }

  /**
   * Keeps a session read from the database at epoch `mark`, unless a change was heard since (the
   * read may predate it) or nothing is listening. Returns the entry to share with the request.
   */
  remember(snapshot: RequestSnapshot, mark: number): CachedSession {
    const value: CachedSession = { ...snapshot, memo: new Map() };
    if (mark !== this.epoch || !this.fence?.connected) return value;
    const id = snapshot.session.id;
    this.delete(id);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.set(id, { value, expiresAt: this.now() + SESSION_CACHE_TTL_MS });
    index(this.byUser, snapshot.user.id, id);
    if (snapshot.user.companyId) index(this.byCompany, snapshot.user.companyId, id);
    return value;
  }

  /** Forgets one session (this process signed it out, or found it invalid). */
  forget(sessionId: string): void {
    this.epoch += 1;
    this.delete(sessionId);
  }

  /** A notification from the database: `s:`, `u:` or `c:` and an id, or `*` for everything. */
  onNotify(payload: string): void {
    this.epoch += 1;
    const kind = payload.slice(0, 2);
    const id = payload.slice(2);
    if (kind === "s:") this.delete(id);
    else if (kind === "u:") for (const s of [...(this.byUser.get(id) ?? [])]) this.delete(s);
    else if (kind === "c:") for (const s of [...(this.byCompany.get(id) ?? [])]) this.delete(s);
    else this.clear();
  }

  /** The listener lost its connection or listens anew: what was missed is unknown, so everything goes. */
  onReset(): void {
    this.clear();
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.byUser.clear();
    this.byCompany.clear();
  }

  private fresh(sessionId: string): Entry | null {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.delete(sessionId);
      return null;
    }
    return entry;
  }

  private delete(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.entries.delete(sessionId);
    unindex(this.byUser, entry.value.user.id, sessionId);
    if (entry.value.user.companyId) unindex(this.byCompany, entry.value.user.companyId, sessionId);
  }
}

function index(map: Map<string, Set<string>>, key: string, id: string): void {
  const set = map.get(key);
  if (set) set.add(id);
  else map.set(key, new Set([id]));
}

function unindex(map: Map<string, Set<string>>, key: string, id: string): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(id);
  if (set.size === 0) map.delete(key);
}
