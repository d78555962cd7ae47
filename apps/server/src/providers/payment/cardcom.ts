// PLACEHOLDER: the Cardcom helper replaces this file with the real LowProfile v11 adapter.
import type { PaymentConfig } from '../../platform/env.js';
import { PaymentProviderError, type PaymentProvider } from './index.js';

export const createCardcomPaymentProvider = (_config: Extract<PaymentConfig, { provider: 'cardcom' }>): PaymentProvider => ({
  name: 'cardcom',
  createCheckout: () => Promise.reject(new PaymentProviderError('not built yet')),
  verify: () => Promise.reject(new PaymentProviderError('not built yet')),
  refund: () => Promise.reject(new PaymentProviderError('not built yet')),
  callbackRef: () => null,
});
