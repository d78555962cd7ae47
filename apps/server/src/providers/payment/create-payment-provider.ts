import type { Config } from '../../platform/env.js';
import type { Db } from '../../platform/db.js';
import type { PaymentProvider } from './index.js';
import { createCardcomPaymentProvider } from './cardcom.js';
import { createSandboxPaymentProvider } from './sandbox.js';

/** The configured payment provider: the sandbox (our own hosted page) unless Cardcom is named. */
export const createPaymentProvider = (config: Config, db: Db): PaymentProvider =>
  config.payment.provider === 'cardcom'
    ? createCardcomPaymentProvider(config.payment)
    : createSandboxPaymentProvider({ db, appUrl: config.appUrl });
