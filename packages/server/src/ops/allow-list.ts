import net from 'node:net';

/**
 * The address ranges proxy-addr (TRUST_PROXY) also names, so both settings read the same way:
 * loopback, link-local, and the private ranges of RFC 1918 and RFC 4193.
 */
const KEYWORDS: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function subnet(
  entry: string,
): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address, prefixText, extra] = entry.split('/');
  if (address === undefined || extra !== undefined) return null;
  const version = net.isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const bits = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: bits, family };
  if (!/^\d+$/.test(prefixText) || Number(prefixText) > bits) return null;
  return { address, prefix: Number(prefixText), family };
}

/** An IP address, a CIDR, or one of loopback, linklocal, uniquelocal. */
export function isAllowListEntry(entry: string): boolean {
  return entry in KEYWORDS || subnet(entry) !== null;
}

/**
 * A check of a peer's address against the entries. An IPv4 peer seen on a dual-stack socket
 * (`::ffff:10.0.0.5`) is checked as the IPv4 address it is.
 */
export function allowList(entries: readonly string[]): (address: string | undefined) => boolean {
  const list = new net.BlockList();
  for (const entry of entries.flatMap((item) => KEYWORDS[item] ?? [item])) {
    const parsed = subnet(entry);
    if (parsed === null) throw new Error(`not an address or CIDR: ${entry}`);
    list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return (address) => {
    if (address === undefined) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    const plain = mapped?.[1] ?? address;
    const version = net.isIP(plain);
    if (version === 0) return false;
    return list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
}
