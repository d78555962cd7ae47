// PLACEHOLDER: the billing helper replaces this file with the real sandbox provider.
import type { Db } from '../../platform/db.js';
import { PaymentProviderError, type PaymentProvider } from './index.js';

export const createSandboxPaymentProvider = (_options: { db: Db; appUrl: string }): PaymentProvider => ({
  name: 'sandbox',
  createCheckout: () => Promise.reject(new PaymentProviderError('not built yet')),
  verify: () => Promise.reject(new PaymentProviderError('not built yet')),
  refund: () => Promise.reject(new PaymentProviderError('not built yet')),
  callbackRef: () => null,
});
