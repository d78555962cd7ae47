import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../../test/test-app.js';
import { processWebhooks } from './webhook-processing.js';

/** Test support for the webhook suites (imported by *.test.ts only). */

export const WA_APP_SECRET = 'test-app-secret-0123456789';
export const WA_VERIFY_TOKEN = 'test-verify-token';
export const SMS_SECRET = 'sms-push-secret-abcdef123456';
/** Our phone number id: the kit's bodies are addressed to it (a change for another number is dropped). */
export const WA_PHONE_NUMBER_ID = '1055500001';

/** Meta and 019 configured (no calls reach them unless a test starts its fake and passes its URL). */
export const realChannelsEnv = (overrides: Record<string, string> = {}): Record<string, string> => ({
  MESSAGING_PROVIDER: 'whatsapp-cloud',
  WHATSAPP_API_URL: 'http://127.0.0.1:9',
  WHATSAPP_PHONE_NUMBER_ID: WA_PHONE_NUMBER_ID,
  WHATSAPP_WABA_ID: '2055500001',
  WHATSAPP_ACCESS_TOKEN: 'test-access-token',
  WHATSAPP_APP_SECRET: WA_APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: WA_VERIFY_TOKEN,
  SMS_PROVIDER: '019',
  SMS019_API_URL: 'http://127.0.0.1:9/api',
  SMS019_USERNAME: 'magiim',
  SMS019_TOKEN: 'fake-019-token',
  SMS_SENDER: '0559990000',
  SMS_WEBHOOK_SECRET: SMS_SECRET,
  SENDING_HOURS: 'always',
  ...overrides,
});

export const signatureOf = (body: string | Buffer, secret = WA_APP_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** Posts a body to the WhatsApp webhook, signed unless `signature` says otherwise (null: no header). */
export const postWhatsApp = (t: TestApp, body: string, signature: string | null = signatureOf(body)): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-hub-signature-256': signature }) },
    payload: body,
  });

export const postSms = (t: TestApp, kind: 'dlr' | 'inbound' | 'blacklist', form: Record<string, string>, secret = SMS_SECRET): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'POST',
    url: `/api/webhooks/sms/${secret}/${kind}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

const envelope = (value: Record<string, unknown>, field = 'messages', phoneNumberId = WA_PHONE_NUMBER_ID) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '2055500001', changes: [{ field, value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '972559990000', phone_number_id: phoneNumberId }, ...value } }] }],
  });

let seconds = Math.floor(Date.now() / 1000) - 3600;
/** Unix seconds, now-ish and rising (a follow-up goes only inside the 24 hours after the guest's message). */
const nextTimestamp = () => String((seconds = Math.max(seconds + 1, Math.floor(Date.now() / 1000) - 3600)));

/** A status webhook body as Meta sends it. */
export const statusBody = (
  wamid: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  options: { outboxId?: string; recipient?: string; errorCode?: number; timestamp?: string } = {},
) =>
  envelope({
    statuses: [
      {
        id: wamid,
        status,
        timestamp: options.timestamp ?? nextTimestamp(),
        recipient_id: (options.recipient ?? '+972500000000').replace('+', ''),
        ...(options.outboxId ? { biz_opaque_callback_data: options.outboxId } : {}),
        ...(options.errorCode ? { errors: [{ code: options.errorCode, title: 'error' }] } : {}),
      },
    ],
  });

let inboundSeq = 0;
const nextWamid = () => `wamid.IN${Date.now()}${(inboundSeq += 1)}`;

/** A guest's message: typed text, a template's quick reply (`button`) or an interactive list choice. */
export const inboundBody = (
  from: string,
  content: { text: string } | { button: string; title?: string } | { listId: string; title?: string },
  options: { wamid?: string; context?: string } = {},
) => {
  const base = { from: from.replace('+', ''), id: options.wamid ?? nextWamid(), timestamp: nextTimestamp(), ...(options.context ? { context: { id: options.context } } : {}) };
  const message =
    'text' in content
      ? { ...base, type: 'text', text: { body: content.text } }
      : 'button' in content
        ? { ...base, type: 'button', button: { payload: content.button, text: content.title ?? 'Yes' } }
        : { ...base, type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: content.listId, title: content.title ?? content.listId } } };
  return envelope({ contacts: [{ profile: { name: 'Guest' }, wa_id: base.from }], messages: [message] });
};

/** Applies every stored webhook now (the worker may take some of them too: claims never overlap). */
export const drainWebhooks = async (t: TestApp, timeoutMs = 15_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await processWebhooks(t.ctx);
    const pending = (await t.ctx.db.execute(sql`select 1 from webhook_inbox where processed_at is null limit 1`)).rows.length;
    if (pending === 0) return;
    if (Date.now() > deadline) throw new Error('webhooks still pending');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

export const webhookRows = async (t: TestApp) =>
  (await t.ctx.db.execute<{ source: string; processed: boolean; attempts: number; error: string | null }>(
    sql`select source, processed_at is not null as processed, attempts, error from webhook_inbox order by id`,
  )).rows;
