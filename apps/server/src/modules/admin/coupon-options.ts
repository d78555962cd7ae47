import { parseArgs } from 'node:util';
import { couponCodeSchema, isCalendarDate, PACKAGE_IDS, todayInBusinessZone } from '@magiim/shared';
import type { NewCoupon } from './coupons-admin.repository.js';

/** A command line the admin CLI refuses, with the message it prints. */
export class UsageError extends Error {}

export const COUPON_CREATE_USAGE =
  'npm run admin -- coupon create --code CODE (--percent N | --amount AGOROT) [--max-uses N] [--expires YYYY-MM-DD] [--package 1|2]';

const positiveInteger = (name: string, value: string | undefined, max = 2_000_000_000): number | null => {
  if (value === undefined) return null;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) throw new UsageError(`--${name} must be a whole number from 1 to ${max} (got "${value}")`);
  return Number(value);
};

/** Reads `coupon create` options into a coupon; every rule of issue 17 is checked here, before any database. */
export const parseCouponCreate = (args: string[], today: string = todayInBusinessZone()): NewCoupon => {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        code: { type: 'string' },
        percent: { type: 'string' },
        amount: { type: 'string' },
        'max-uses': { type: 'string' },
        expires: { type: 'string' },
        package: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nUsage: ${COUPON_CREATE_USAGE}`);
  }
  if (values.code === undefined) throw new UsageError(`--code is required\nUsage: ${COUPON_CREATE_USAGE}`);
  const code = couponCodeSchema.safeParse(values.code);
  if (!code.success) throw new UsageError(`--code must be 1–32 letters, digits, "-" or "_" (got "${values.code}")`);
  if ((values.percent === undefined) === (values.amount === undefined)) {
    throw new UsageError(`give exactly one of --percent or --amount\nUsage: ${COUPON_CREATE_USAGE}`);
  }
  const percent = positiveInteger('percent', values.percent, 100);
  const amount = positiveInteger('amount', values.amount);
  const maxUses = positiveInteger('max-uses', values['max-uses']);
  const expiresOn = values.expires ?? null;
  if (expiresOn !== null) {
    if (!isCalendarDate(expiresOn)) throw new UsageError(`--expires must be a date YYYY-MM-DD (got "${expiresOn}")`);
    if (expiresOn < today) throw new UsageError(`--expires ${expiresOn} is already past (today is ${today} in Asia/Jerusalem)`);
  }
  let packageId: number | null = null;
  if (values.package !== undefined) {
    packageId = Number(values.package);
    if (!/^\d$/.test(values.package) || !(PACKAGE_IDS as readonly number[]).includes(packageId)) {
      throw new UsageError(`--package must be 1 (basic) or 2 (premium) (got "${values.package}")`);
    }
  }
  return { code: code.data, percent, amount, maxUses, expiresOn, packageId };
};
