import { sql, type SQL } from 'drizzle-orm';
import { isLang, type EventNames, type Lang, type NotificationType } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { serializeError } from '../../platform/logger.js';
import { PushError } from '../../providers/push/index.js';
import { deletePushToken } from './push-tokens.repository.js';
import { openPushToken } from './push-tokens.service.js';
import { PUSH_BODIES } from './push-texts.js';

/** A notification older than this is no longer pushed (a worker that was down does not replay the day). */
const PUSH_WINDOW = sql`interval '1 hour'`;
const SCAN_LIMIT = 500;

/**
 * Which (notification, token) pairs are due: a notification row of a member's event, still open and unread by that
 * member, started within the window and after the token was registered, not yet pushed to that token, to a token
 * whose session is still live (a session revoked by a password reset keeps its row until sign-out, but gets nothing).
 */
const duePairs = (filter: SQL) => sql`
  from push_tokens t
  join sessions s on s.id = t.session_id and s.revoked_at is null and s.expires_at > now()
  join users u on u.id = t.user_id
  join event_members m on m.user_id = t.user_id
  join notifications n on n.event_id = m.event_id
  join events e on e.id = n.event_id
  where ${filter}
    and n.read_at is null
    and n.status_date > now() - ${PUSH_WINDOW} and n.created_at > now() - ${PUSH_WINDOW}
    and n.created_at >= t.created_at
    and not exists (select 1 from push_sends ps where ps.notification_id = n.id and ps.token_hash = t.token_hash)
    and not exists (select 1 from notification_reads r where r.notification_id = n.id and r.user_id = t.user_id and r.read_at >= n.status_date)`;

/** The notifications with a push due (the scan job queues one push job for each). */
export const notificationsToPush = async (ctx: AppContext): Promise<string[]> =>
  (await ctx.db.execute<{ id: string }>(sql`select distinct n.id ${duePairs(sql`true`)} limit ${SCAN_LIMIT}`)).rows.map((row) => row.id);

type DueToken = {
  pushTokenId: string;
  tokenHash: string;
  tokenSealed: string;
  lang: string;
  eventId: string;
  type: NotificationType;
  names: EventNames;
  defaultLang: Lang;
};

const eventNameIn = (names: EventNames, lang: Lang, defaultLang: Lang): string =>
  names[lang] ?? names[defaultLang] ?? Object.values(names).find(Boolean) ?? '';

/** Records the push before it is made; false when this row and token were already pushed (or tried). */
const claimPush = async (ctx: AppContext, notificationId: string, tokenHash: string): Promise<boolean> =>
  (
    await ctx.db.execute(sql`
      insert into push_sends (notification_id, token_hash) values (${notificationId}::uuid, ${tokenHash})
      on conflict do nothing returning 1`)
  ).rows.length === 1;

/**
 * Pushes one notification row to every member's due token, in the member's language. At most once per row and
 * token: the push_sends row is written before the provider is called, so a retried job (or a second worker) skips
 * what was already tried. A dead token is dropped; any other failure is logged (ids only) and not retried.
 */
export const pushNotification = async (ctx: AppContext, notificationId: string): Promise<{ sent: number; dead: number; failed: number }> => {
  const due = (
    await ctx.db.execute<DueToken>(sql`
      select t.id as "pushTokenId", t.token_hash as "tokenHash", t.token_sealed as "tokenSealed", u.lang,
        n.event_id as "eventId", n.type, e.names, e.default_lang as "defaultLang"
      ${duePairs(sql`n.id = ${notificationId}::uuid`)}
      order by t.id`)
  ).rows;
  const tally = { sent: 0, dead: 0, failed: 0 };
  for (const row of due) {
    if (!(await claimPush(ctx, notificationId, row.tokenHash))) continue;
    const log = { notificationId, pushTokenId: row.pushTokenId, provider: ctx.push.name };
    const lang: Lang = isLang(row.lang) ? row.lang : 'he';
    try {
      const result = await ctx.push.send({
        token: openPushToken(ctx, row.tokenSealed, row.tokenHash),
        title: eventNameIn(row.names, lang, row.defaultLang),
        body: PUSH_BODIES[lang][row.type],
        data: { notificationId, eventId: row.eventId, type: row.type },
      });
      if (result.ok) {
        tally.sent++;
        ctx.logger.info(log, 'push sent');
      } else {
        tally.dead++;
        await deletePushToken(ctx.db, row.pushTokenId, row.tokenHash);
        ctx.logger.info({ ...log, reason: result.reason }, 'push token dead: dropped');
      }
    } catch (error) {
      tally.failed++;
      const detail = error instanceof PushError ? { code: error.code, message: error.message } : { err: serializeError(error) };
      ctx.logger.warn({ ...log, ...detail }, 'push failed');
    }
  }
  return tally;
};
