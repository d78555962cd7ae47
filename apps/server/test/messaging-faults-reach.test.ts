import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startAction } from '../src/modules/messaging/engine/start-action.js';
import { sweepDeliveryTimeouts } from '../src/modules/messaging/delivery/delivery.jobs.js';
import { hasPendingWebhooks } from '../src/modules/messaging/webhooks/webhook-inbox.repository.js';
import { processWebhooks } from '../src/modules/messaging/webhooks/webhook-processing.js';
import { closeFaultRuns, messagesPerPhone, startWhatsAppFaultRun, waitUntil } from './whatsapp-fault-kit.js';

/**
 * Issue 27 §3's fault run: a 300-guest round through Meta's Cloud API (the fake), 20% of Graph API sends answered
 * HTTP 500, the worker process killed -9 twice, each time once the fake has recorded a number of sends (never after
 * a guessed pause). Nobody is left out: within 5 minutes after the last restart every row is sent, or failed with
 * a reason the host sees; a send a killed worker left without an answer is settled by Meta's status webhook or,
 * without one, after WHATSAPP_DELIVERY_TIMEOUT_MINUTES by its SMS ('uncertainSms'). Never two messages to a guest.
 */
const GUESTS = 300;
const KILLS = 2;
const SETTLE_WITHIN_MS = 5 * 60_000;
const DELIVERY_TIMEOUT_MINUTES = 0.25;

afterAll(closeFaultRuns);

describe('messaging faults: nobody left out', () => {
  it(`${GUESTS} guests, 20% of Graph API sends answered 500, the worker killed -9 ${KILLS} times: every row settles within 5 minutes, no duplicates`, { timeout: 420_000 }, async () => {
    // Slow enough that both kills land while the round is going.
    const { fake, api, eventId, guests, processes, requests } = await startWhatsAppFaultRun({
      seed: 27,
      guests: GUESTS,
      templateName: 'm_reachrun_invitation1_he_0001',
      deliveryTimeoutMinutes: DELIVERY_TIMEOUT_MINUTES,
      ratePerSecond: 40,
    });
    fake.failRatio(0.2, 'error');
    await startAction(api.ctx, eventId, 'round1', { by: 'host' });

    const killedAt: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      const { child, exited } = await processes.start();
      // Killed once the fake has seen 60 (then 70) more send requests: mid-round, whatever the machine's speed.
      const target = requests() + 60 + kill * 10;
      await waitUntil(`run ${kill + 1}: ${target} send requests`, () => requests() >= target, Date.now() + 90_000);
      child.kill('SIGKILL');
      await exited;
      killedAt.push(requests());
    }
    const { child, exited } = await processes.start();
    const restartedAt = Date.now();
    const settleBy = restartedAt + SETTLE_WITHIN_MS;

    const unsettled = async () =>
      (
        await api.ctx.db.execute<{ n: number }>(sql`
          select count(*)::int as n from outbox_messages where event_id = ${eventId}
            and (state = 'queued' or (state = 'failed' and reason is null)
              -- a WhatsApp send with no known outcome that neither a status nor its SMS settled yet
              or (channel = 3 and state = 'sent' and reason = 'uncertain'))`)
      ).rows[0]!.n;
    // The workers here do not run the delivery-timeout cron: the test runs the sweep while it waits (it is a no-op
    // while the webhook inbox is behind, and before a row's timeout).
    const phases: Record<string, number> = {};
    await waitUntil(
      'every row sent or failed with a reason',
      async () => {
        // Statuses a killed worker had claimed wait out the processor's lease; the test applies them then rather than
        // waiting a further minute for the worker's sweep cron to kick the processor.
        const pending = await hasPendingWebhooks(api.ctx.db);
        if (pending) await processWebhooks(api.ctx, 2_000);
        else {
          phases.webhooksApplied ??= Math.round((Date.now() - restartedAt) / 1000);
          await sweepDeliveryTimeouts(api.ctx);
        }
        const left = await unsettled();
        const queued = (await api.ctx.db.execute(sql`select 1 from outbox_messages where event_id = ${eventId} and state = 'queued' limit 1`)).rows.length;
        if (queued === 0) phases.nothingQueued ??= Math.round((Date.now() - restartedAt) / 1000);
        return left === 0;
      },
      settleBy,
    );
    const settledMs = Date.now() - restartedAt;
    child.kill('SIGTERM');
    await exited;

    const rows = (
      await api.ctx.db.execute<{ guestId: string; channel: number; state: string; reason: string | null }>(sql`
        select guest_id as "guestId", channel, state, reason from outbox_messages where event_id = ${eventId}`)
    ).rows;
    const { smsRecord, whatsappByPhone, smsByPhone, of } = messagesPerPhone(fake, api);
    const perGuest = guests.map((g) => of(g.phoneNumber));
    const states = new Map<string, number>();
    for (const row of rows) states.set(`${row.channel}:${row.state}:${row.reason ?? ''}`, (states.get(`${row.channel}:${row.state}:${row.reason ?? ''}`) ?? 0) + 1);
    const figures = {
      guests: GUESTS,
      kills: killedAt.length,
      requestsAtKills: killedAt,
      answered500: fake.counts.error,
      whatsappTaken: fake.sent.length,
      smsSent: smsRecord.length,
      secondsToSettleAfterLastRestart: Math.round(settledMs / 1000),
      phases,
      duplicatesWhatsApp: [...whatsappByPhone.values()].filter((n) => n > 1).length,
      duplicatesSms: [...smsByPhone.values()].filter((n) => n > 1).length,
      guestsWithTwoMessages: perGuest.filter((n) => n > 1).length,
      guestsWithNone: perGuest.filter((n) => n === 0).length,
    };
    console.log(`reach fault run: ${JSON.stringify(figures)} rows (channel:state:reason): ${JSON.stringify(Object.fromEntries([...states].sort()))}`);

    expect(killedAt).toHaveLength(KILLS);
    expect(killedAt[KILLS - 1]!).toBeLessThan(GUESTS);
    expect(figures.answered500).toBeGreaterThan(0);
    expect(settledMs).toBeLessThan(SETTLE_WITHIN_MS);
    expect(rows.filter((row) => row.channel === 3)).toHaveLength(GUESTS);
    // Every row ended: sent (or further), skipped, or failed with a reason the host sees.
    expect(rows.filter((row) => row.state === 'queued' || (row.state === 'failed' && !row.reason))).toEqual([]);
    expect({ duplicatesWhatsApp: figures.duplicatesWhatsApp, duplicatesSms: figures.duplicatesSms, twice: figures.guestsWithTwoMessages }).toEqual({
      duplicatesWhatsApp: 0,
      duplicatesSms: 0,
      twice: 0,
    });
    // Nobody left out: each guest got a message on one channel, or their rows say why not.
    const explained = new Set(rows.filter((row) => row.state === 'failed' && row.reason).map((row) => row.guestId));
    expect(guests.filter((g, i) => perGuest[i] === 0 && !explained.has(g.id))).toEqual([]);
  });
});
