import { ADMIN_ORDER_FILTERS } from '@magiim/shared';

/** The console's sections, in the navigation's order; each is `/admin/<section>`. */
export const ADMIN_SECTIONS = ['users', 'events', 'orders', 'coupons', 'gifts', 'templates', 'failures', 'audit'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export const isAdminSection = (value: string | undefined): value is AdminSection => (ADMIN_SECTIONS as readonly string[]).includes(value ?? '');

/** Each section's filter (a query parameter) and its choices; the first is the default and stays out of the address. */
export const ADMIN_FILTERS: Partial<Record<AdminSection, { param: string; values: readonly string[] }>> = {
  orders: { param: 'status', values: ADMIN_ORDER_FILTERS },
  gifts: { param: 'status', values: ['pending', 'all'] },
  templates: { param: 'status', values: ['attention', 'all'] },
  // 1 SMS, 2 call, 3 WhatsApp (the failures' channel numbers).
  failures: { param: 'channel', values: ['all', '1', '2', '3'] },
};

export interface AdminListParams {
  q: string;
  page: number;
  /** The section's filter value (its default when the address has none or a wrong one). */
  filter: string | null;
}

const readPage = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
};

/** What a list shows, read from the address (`?q=&page=&status=`): a bad value falls back to the default. */
export const readListParams = (section: AdminSection, search: URLSearchParams): AdminListParams => {
  const filter = ADMIN_FILTERS[section];
  const value = filter ? search.get(filter.param) : null;
  return {
    q: (search.get('q') ?? '').trim().slice(0, 200),
    page: readPage(search.get('page')),
    filter: filter ? (value && filter.values.includes(value) ? value : filter.values[0]!) : null,
  };
};

/** The address's query after a change; a new search or filter starts again on page 1, defaults are left out. */
export const nextListSearch = (
  section: AdminSection,
  search: URLSearchParams,
  change: { q?: string; page?: number; filter?: string },
): URLSearchParams => {
  const next = new URLSearchParams(search);
  const filter = ADMIN_FILTERS[section];
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  if (change.q !== undefined) {
    set('q', change.q.trim());
    next.delete('page');
  }
  if (change.filter !== undefined && filter) {
    set(filter.param, change.filter === filter.values[0] ? null : change.filter);
    next.delete('page');
  }
  if (change.page !== undefined) set('page', change.page > 1 ? String(change.page) : null);
  return next;
};

/** The API's query string for a list (`?q=&page=&status=` or `channel=`; "all" channels sends none). */
export const listApiQuery = (section: AdminSection, params: AdminListParams): string => {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  query.set('page', String(params.page));
  const filter = ADMIN_FILTERS[section];
  if (filter && params.filter && !(filter.param === 'channel' && params.filter === 'all')) query.set(filter.param, params.filter);
  return query.toString();
};
