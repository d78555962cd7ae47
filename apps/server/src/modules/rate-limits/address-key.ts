import { isIPv4, isIPv6 } from 'node:net';

/** The 8 groups of an IPv6 address as numbers, `::` expanded and an embedded IPv4 tail read as two groups. */
const ipv6Groups = (address: string): number[] => {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
};

/**
 * The address a per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64 (one home or
 * phone usually holds a whole /64, so counting single addresses would let it try 2^64 of them). An IPv4
 * address written as IPv6 (`::ffff:1.2.3.4`) counts as the IPv4 address.
 */
export const addressKeyOf = (ip: string): string => {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip.split('%')[0] ?? '')) return ip;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
};
