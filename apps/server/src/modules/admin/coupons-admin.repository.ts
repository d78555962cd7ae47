import { asc } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { coupons, type CouponRow } from '../../db/schema/billing.js';

export interface NewCoupon {
  code: string;
  percent: number | null;
  amount: number | null;
  maxUses: number | null;
  expiresOn: string | null;
  packageId: number | null;
}

/** Inserts the coupon, or answers undefined when its code is taken (the unique index decides, not a prior read). */
export const insertCoupon = async (db: Db, values: NewCoupon): Promise<CouponRow | undefined> =>
  (await db.insert(coupons).values(values).onConflictDoNothing({ target: coupons.code }).returning())[0];

export const listCoupons = (db: Db): Promise<CouponRow[]> => db.select().from(coupons).orderBy(asc(coupons.code));
