import type pg from 'pg';
/** A full session, or one that may only resend the verification link. */
export type SessionScope = 'full' | 'verify_email';

/** The user as every authenticated request sees it: only what routes read, never the password hash. */
export interface SessionUser {
  id: string;
  fullName: string;
  email: string;
  emailVerifiedAt: Date | null;
  lang: string;
  pendingEmail: string | null;
  hasPassword: boolean;
  guideTour: boolean;
  /** Issue 22: 'admin' only when granted from the command line; never sent to the client as data. */
  role: 'host' | 'admin';
}

export interface LiveSession {
  sessionId: string;
  scope: SessionScope;
  lastUsedAt: Date;
  blocked: boolean;
  user: SessionUser;
}

// Named statements: PostgreSQL plans them once per connection, and node-postgres skips re-parsing.
const FIND_LIVE_SESSION = {
  name: 'auth.find-live-session',
  text: `select s.id, s.scope, s.last_used_at, u.id as user_id, u.full_name, u.email, u.email_verified_at, u.lang,
    u.pending_email, u.password_hash is not null as has_password, u.guide_tour, u.role,
    u.blocked_at is not null as blocked
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.erased_at is null`,
};

/**
 * One write per session per interval however many requests are in flight: the WHERE re-checks the age, so
 * concurrent touches after the first match no row. Full sessions slide their expiry; the user's activity
 * moves at most hourly.
 */
const TOUCH_SESSION = {
  name: 'auth.touch-session',
  text: `with touched as (
      update sessions set last_used_at = now(),
        expires_at = case when scope = 'full' then now() + $3::interval else expires_at end
      where id = $1 and last_used_at < now() - $2::interval
      returning user_id)
    update users set last_active_at = now()
    where id = (select user_id from touched) and last_active_at < now() - interval '1 hour'`,
};

interface SessionRow {
  id: string;
  scope: SessionScope;
  last_used_at: Date;
  user_id: string;
  full_name: string;
  email: string;
  email_verified_at: Date | null;
  lang: string;
  pending_email: string | null;
  has_password: boolean;
  guide_tour: boolean;
  role: string;
  blocked: boolean;
}

export const findLiveSession = async (pool: pg.Pool, tokenHash: string): Promise<LiveSession | undefined> => {
  const { rows } = await pool.query<SessionRow>({ ...FIND_LIVE_SESSION, values: [tokenHash] });
  const row = rows[0];
  if (!row) return undefined;
  return {
    sessionId: row.id,
    scope: row.scope,
    lastUsedAt: row.last_used_at,
    blocked: row.blocked,
    user: {
      id: row.user_id,
      fullName: row.full_name,
      email: row.email,
      emailVerifiedAt: row.email_verified_at,
      lang: row.lang,
      pendingEmail: row.pending_email,
      hasPassword: row.has_password,
      guideTour: row.guide_tour,
      role: row.role === 'admin' ? 'admin' : 'host',
    },
  };
};

export const touchSession = async (pool: pg.Pool, sessionId: string, intervalSeconds: number, ttlDays: number): Promise<void> => {
  await pool.query({ ...TOUCH_SESSION, values: [sessionId, `${intervalSeconds} seconds`, `${ttlDays} days`] });
};
