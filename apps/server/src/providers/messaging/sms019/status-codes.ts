/**
 * 019 SMS's two code scales (https://docs.019sms.co.il/sms/errors-and-status.html; TextMe documents the same
 * tables with English glosses at docs.textme.co.il/reference/dlr-statuses and /reference/status-codes):
 * - the DLR status of one message (delivery reports, pushed or queried);
 * - the request status of a call (0 = accepted; anything else = refused).
 * Reason codes are ours, short, and translated for the host elsewhere.
 */

/** Why an SMS failed, in our words. */
export const SMS_FAILURE_REASONS = {
  /** Generic: the network did not deliver (1, 3–6, 14, 101, 103–132, 747, 998, 999…). */
  undeliverable: 'undeliverable',
  /** 15: a kosher phone cannot receive SMS (a voice call could reach it). */
  kosherNoSms: 'kosherNoSms',
  /** 16: the account may not send at this hour; the engine may try again later. */
  notAllowedNow: 'notAllowedNow',
  /** 17 (blocked for advertising) and 201 (blocked on request): the recipient opted out. */
  optedOut: 'optedOut',
  /** 7: the account ran out of balance. */
  noCredit: 'noCredit',
  /** 18: the carrier refused the message's content. */
  illegalMessage: 'illegalMessage',
  /** Send code 9 (a destination too short or too long) or a number we cannot turn into a local one. */
  invalidNumber: 'invalidNumber',
  /** A number outside Israel: 019 documents Israeli mobiles only, so we refuse it before calling. */
  internationalNumber: 'internationalNumber',
  /** A text over 1,005 characters (019's / TextMe's `message` limit): refused before calling. */
  tooLong: 'tooLong',
} as const;
export type SmsFailureReason = (typeof SMS_FAILURE_REASONS)[keyof typeof SMS_FAILURE_REASONS];

export type DlrOutcome = { state: 'sent' } | { state: 'delivered' } | { state: 'failed'; reason: SmsFailureReason };

/**
 * A DLR status → what it means for the message. Null: not a DLR status 019 documents (ignored, the row stays).
 * -1 (sent, no confirmation) and 2 (Timeout: no confirmation within the carrier's window — TextMe lists it under
 * "sent, outcome unknown", not as a failure) say the message left without telling its fate.
 */
export const dlrOutcomeOf = (status: number): DlrOutcome | null => {
  if (!Number.isInteger(status)) return null;
  if (status === 0 || status === 102) return { state: 'delivered' };
  if (status === -1 || status === 2) return { state: 'sent' };
  if (status === 7) return { state: 'failed', reason: 'noCredit' };
  if (status === 15) return { state: 'failed', reason: 'kosherNoSms' };
  if (status === 16) return { state: 'failed', reason: 'notAllowedNow' };
  if (status === 17 || status === 201) return { state: 'failed', reason: 'optedOut' };
  if (status === 18) return { state: 'failed', reason: 'illegalMessage' };
  if ((status >= 1 && status <= 6) || status === 14 || status === 101 || (status >= 103 && status <= 132) || status === 747 || status === 998 || status === 999) {
    return { state: 'failed', reason: 'undeliverable' };
  }
  return null;
};

/** How a refused request (top-level status ≠ 0) is treated by the outbox. */
export interface SendRefusal {
  /** `sms019:<n>` (the MessageSendError code). */
  code: string;
  /** Retrying the same message cannot help. */
  permanent: boolean;
  /** Our reason where the refusal is about this message (else the engine keeps the code). */
  reason: SmsFailureReason | null;
  /** The account's credentials are at fault (3, 10, 11): every message fails alike, none is the guest's fault. */
  accountWide: boolean;
}

/**
 * Request status codes (errors-and-status.html, "Error codes"): 1 XML/JSON parse problem, 2 a required field
 * missing, 3 bad credentials / invalid token, 4 not enough credit, 5 no permission to send at this time, 6 process
 * failure, 7 must be sent as `bulk`, 8 all numbers blocklisted, 9 a destination too short or too long, 10 expired
 * token, 11 token does not match the username, 12 not enough money.
 * Permanent: the message itself is at fault (8: every destination — ours is one — blocklisted; 9: the number).
 * Code 9 is about the destination ("too short or too long"), not the text's length (providers.md's "bad length"
 * is this): our text length is checked before calling (`tooLong`), so 9 reads as a wrong number.
 * 1, 2 and 7 are our request's shape: the same request would fail the same way, so permanent too (an alert, not
 * a loop). Account problems (3, 4, 5, 6, 10, 11, 12, unknown codes) are retried: fixing the account lets them go;
 * 3 (bad credentials / invalid token), 10 (expired token) and 11 (token not of this username) are account-wide.
 */
export const sendRefusalOf = (status: number): SendRefusal => {
  const code = `sms019:${status}`;
  switch (status) {
    case 8:
      return { code, permanent: true, reason: 'optedOut', accountWide: false };
    case 9:
      return { code, permanent: true, reason: 'invalidNumber', accountWide: false };
    case 1:
    case 2:
    case 7:
      return { code, permanent: true, reason: null, accountWide: false };
    case 3:
    case 10:
    case 11:
      return { code, permanent: false, reason: null, accountWide: true };
    case 4:
    case 12:
      return { code, permanent: false, reason: 'noCredit', accountWide: false };
    case 5:
      return { code, permanent: false, reason: 'notAllowedNow', accountWide: false };
    default:
      return { code, permanent: false, reason: null, accountWide: false };
  }
};
