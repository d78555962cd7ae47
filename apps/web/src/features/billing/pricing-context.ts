import type { EventDto, PackagesResponse } from '@magiim/shared';
import { useOutletContext } from 'react-router';
import type { CheckoutSelection } from './checkout-model';

/** What `/pricing/:id` gives each of its steps. */
export interface PricingContext {
  event: EventDto;
  packages: PackagesResponse;
  selection: CheckoutSelection;
  setSelection: (selection: CheckoutSelection) => void;
  /** `/pricing/<id>/<step>`. */
  stepHref: (step: CheckoutStep) => string;
}

export const CHECKOUT_STEPS = ['order', 'confirmation', 'payment', 'success'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const usePricing = (): PricingContext => useOutletContext<PricingContext>();
