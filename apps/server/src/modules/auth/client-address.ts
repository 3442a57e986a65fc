import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address an abuse limit counts for a client (req.ip, which honours X-Forwarded-For only from
 * TRUST_PROXY peers). IPv4 as is; IPv6 by its /64 network, because one host is routinely given a
 * whole /64 and could otherwise start each guess from a fresh address. IPv4-mapped IPv6 is IPv4.
 */
export function addressBucket(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
