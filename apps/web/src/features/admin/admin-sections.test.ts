import { describe, expect, it } from 'vitest';
import { listApiQuery, nextListSearch, readListParams } from './admin-sections';

const params = (query: string) => new URLSearchParams(query);

describe('admin list paging and search in the address', () => {
  it('reads the page, the search and the section filter, and falls back to defaults for bad values', () => {
    expect(readListParams('orders', params('q=%20dana%20&page=3&status=refunded'))).toEqual({ q: 'dana', page: 3, filter: 'refunded' });
    expect(readListParams('orders', params('page=0&status=bogus'))).toEqual({ q: '', page: 1, filter: 'all' });
    expect(readListParams('orders', params('page=2.5'))).toMatchObject({ page: 1 });
    expect(readListParams('orders', params('page=-4'))).toMatchObject({ page: 1 });
    expect(readListParams('orders', params('page=10001'))).toMatchObject({ page: 1 });
    expect(readListParams('users', params('status=paid'))).toEqual({ q: '', page: 1, filter: null });
    expect(readListParams('gifts', params(''))).toMatchObject({ filter: 'pending' });
    expect(readListParams('templates', params(''))).toMatchObject({ filter: 'attention' });
    expect(readListParams('failures', params('channel=3'))).toMatchObject({ filter: '3' });
  });

  it('goes to the next and the previous page, and leaves page 1 out of the address', () => {
    const second = nextListSearch('users', params('q=dana'), { page: 2 });
    expect(second.toString()).toBe('q=dana&page=2');
    const third = nextListSearch('users', second, { page: 3 });
    expect(readListParams('users', third)).toEqual({ q: 'dana', page: 3, filter: null });
    expect(nextListSearch('users', third, { page: 2 }).get('page')).toBe('2');
    expect(nextListSearch('users', second, { page: 1 }).toString()).toBe('q=dana');
  });

  it('starts a new search or filter on page 1 and keeps the rest of the address (the open user)', () => {
    const searched = nextListSearch('users', params('q=dana&page=4&id=u1'), { q: ' avi ' });
    expect(searched.get('q')).toBe('avi');
    expect(searched.get('page')).toBeNull();
    expect(searched.get('id')).toBe('u1');
    expect(nextListSearch('users', params('q=dana&page=4'), { q: '  ' }).toString()).toBe('');

    const filtered = nextListSearch('orders', params('page=5'), { filter: 'failed' });
    expect(filtered.toString()).toBe('status=failed');
    expect(nextListSearch('orders', filtered, { filter: 'all' }).toString()).toBe('');
  });

  it('asks the API for the page, the search and the filter (no channel for all channels)', () => {
    expect(listApiQuery('orders', { q: 'דנה', page: 2, filter: 'open' })).toBe(new URLSearchParams({ q: 'דנה', page: '2', status: 'open' }).toString());
    expect(listApiQuery('failures', { q: '', page: 1, filter: 'all' })).toBe('page=1');
    expect(listApiQuery('failures', { q: '', page: 1, filter: '2' })).toBe('page=1&channel=2');
    expect(listApiQuery('audit', { q: 'block', page: 7, filter: null })).toBe('q=block&page=7');
  });
});
