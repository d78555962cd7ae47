import { describe, expect, it } from 'vitest';
import { addressKeyOf } from './address-key.js';

describe('addressKeyOf', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKeyOf('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every IPv6 address of one /64 as one', () => {
    const keys = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:abcd', '2001:db8:1:2:0:0:1.2.3.4'].map(addressKeyOf);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('tells two /64s apart', () => {
    expect(addressKeyOf('2001:db8:1:2::1')).not.toBe(addressKeyOf('2001:db8:1:3::1'));
    expect(addressKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(addressKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('reads an IPv4 address written as IPv6 as the IPv4 address', () => {
    expect(addressKeyOf('::ffff:198.51.100.9')).toBe('198.51.100.9');
    expect(addressKeyOf('::ffff:c633:6409')).toBe('198.51.100.9');
  });
});
