import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** One session of the HTTP server: its transport, and what tells whether its client is still there. */
export interface HttpSession {
  /** Closing it closes its server too (the server's `onclose` follows the transport's). */
  transport: StreamableHTTPServerTransport;
  /** Requests of this session not yet answered, an open event stream (GET) included. */
  open: number;
  /** Event streams (GET) open now. */
  streams: number;
  /** Whether the client ever had an event stream open: once it has none, it may be gone. */
  listened: boolean;
  /** When a request of this session last started or ended (`Date.now()`). */
  lastRequestAt: number;
  /** The timer that closes the session if it stays idle; set only while it is idle. */
  idleTimer?: ReturnType<typeof setTimeout>;
}

/** Options of {@link httpSessionTable}. */
export interface HttpSessionTableOptions {
  /** Sessions open at once, those being opened included. */
  maxSessions: number;
  /** An idle session whose client never had an event stream, or still has one, closes after this long. */
  idleSessionMs: number;
  /** An idle session whose client's event stream has closed (the client is gone) closes after this long. */
  abandonedSessionMs: number;
  log: (line: string) => void;
}

/** The open sessions of one HTTP server ({@link httpSessionTable}). */
export interface HttpSessionTable {
  readonly size: number;
  get(id: string): HttpSession | undefined;
  /** A new session, not yet in the table (its transport has not given it an id yet). */
  create(transport: StreamableHTTPServerTransport): HttpSession;
  /** Put a session in the table once its transport has given it an id. */
  add(id: string, session: HttpSession): void;
  /** Take a session out of the table (its transport closed); `false` when it was not in it. */
  remove(id: string, session: HttpSession): boolean;
  /**
   * Hold a place for a session about to be opened: at the cap, the least recently used idle session
   * is closed first (one whose client's event stream has closed before any other). `false`, with
   * nothing closed, when every session is busy. Each `true` is paired with one {@link release}.
   */
  reserve(): Promise<boolean>;
  /** Give back the place {@link reserve} held (the session is in the table by then, or was never opened). */
  release(): void;
  /** Run `work` with the session counted busy; `stream` when it is the client's event stream (GET). */
  whileBusy(
    session: HttpSession,
    work: () => Promise<void>,
    stream?: { listening: () => boolean },
  ): Promise<void>;
  /** Close every session and clear every timer. */
  closeAll(): Promise<void>;
}

/**
 * The session table of `serveMcpOverHttp`: which sessions are open, which are busy, and when an idle
 * one closes. A session is idle when none of its requests is open (an event stream counts as open).
 * An idle session closes, by a timer of its own (unreferenced: it keeps no process alive), after
 * `abandonedSessionMs` when its client had an event stream and has none now (a client that exits
 * drops its connections, and real clients exit without deleting their session), else after
 * `idleSessionMs`. Any request of the session stops its timer; the end of its last open request
 * starts it again.
 */
export function httpSessionTable(options: HttpSessionTableOptions): HttpSessionTable {
  const sessions = new Map<string, HttpSession>();
  let opening = 0;

  const stopTimer = (session: HttpSession) => {
    if (session.idleTimer !== undefined) clearTimeout(session.idleTimer);
    session.idleTimer = undefined;
  };

  const closeSession = (id: string, session: HttpSession, why: string): Promise<void> => {
    stopTimer(session);
    sessions.delete(id);
    options.log(`agent-context mcp: closing session ${id}: ${why} (${sessions.size} open).`);
    return session.transport.close().catch(() => {});
  };

  const abandoned = (session: HttpSession) => session.listened && session.streams === 0;

  const startTimer = (session: HttpSession) => {
    const id = session.transport.sessionId;
    if (id === undefined || sessions.get(id) !== session || session.open > 0) return;
    stopTimer(session);
    const gone = abandoned(session);
    const delay = gone ? options.abandonedSessionMs : options.idleSessionMs;
    session.idleTimer = setTimeout(() => {
      if (sessions.get(id) !== session || session.open > 0) return;
      const seconds = Math.round(delay / 1000);
      void closeSession(
        id,
        session,
        gone
          ? `its client is gone (its event stream closed, no request for ${seconds} s)`
          : `idle for ${seconds} s`,
      );
    }, delay);
    session.idleTimer.unref();
  };

  /** The idle session to close at the cap: abandoned ones first, then the least recently used. */
  const evictable = (): [string, HttpSession] | undefined => {
    let chosen: [string, HttpSession] | undefined;
    for (const entry of sessions) {
      const session = entry[1];
      if (session.open > 0) continue;
      if (chosen === undefined) {
        chosen = entry;
        continue;
      }
      const best = chosen[1];
      const rank = Number(abandoned(session)) - Number(abandoned(best));
      if (rank > 0 || (rank === 0 && session.lastRequestAt < best.lastRequestAt)) chosen = entry;
    }
    return chosen;
  };

  return {
    get size() {
      return sessions.size;
    },
    get: (id) => sessions.get(id),
    create: (transport) => ({ transport, open: 0, streams: 0, listened: false, lastRequestAt: Date.now() }),
    add(id, session) {
      sessions.set(id, session);
      options.log(`agent-context mcp: session ${id} opened (${sessions.size} open).`);
    },
    remove(id, session) {
      stopTimer(session);
      if (sessions.get(id) !== session) return false;
      sessions.delete(id);
      options.log(`agent-context mcp: session ${id} closed (${sessions.size} open).`);
      return true;
    },
    async reserve() {
      if (sessions.size + opening < options.maxSessions) {
        opening += 1;
        return true;
      }
      const victim = evictable();
      if (victim === undefined) return false;
      opening += 1;
      await closeSession(
        victim[0],
        victim[1],
        `${options.maxSessions} sessions are open and a new client came; this one was the least recently used idle one`,
      );
      return true;
    },
    release() {
      opening -= 1;
    },
    async whileBusy(session, work, stream) {
      stopTimer(session);
      session.open += 1;
      if (stream) session.streams += 1;
      session.lastRequestAt = Date.now();
      try {
        await work();
      } finally {
        session.open -= 1;
        if (stream) {
          session.streams -= 1;
          if (stream.listening()) session.listened = true;
        }
        session.lastRequestAt = Date.now();
        startTimer(session);
      }
    },
    async closeAll() {
      const all = [...sessions.values()];
      for (const session of all) stopTimer(session);
      await Promise.all(all.map((session) => session.transport.close().catch(() => {})));
    },
  };
}
