/**
 * The client address of a request: the socket's peer, or, behind proxies the `trustProxy` option
 * trusts, the address they name in `X-Forwarded-For`. The header is read only when trusted: any
 * client can write one, so believing it from an untrusted peer would let a client pick its key.
 */
import { BlockList, isIP } from 'node:net';
import type { TrustProxyOption } from '../../model/app-options.js';
import type { Exchange } from '../http/exchange.js';

export type ClientAddress = (ex: Exchange) => string;

/** `::ffff:10.0.0.1` (an IPv4 peer of a dual-stack socket) is `10.0.0.1`. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

function peerOf(ex: Exchange): string {
  return plain(ex.req.socket?.remoteAddress ?? '');
}

/** The addresses of `X-Forwarded-For`, nearest proxy last (the order proxies append in). */
function forwardedFor(ex: Exchange): string[] {
  const header = ex.req.headers['x-forwarded-for'];
  if (header === undefined) return [];
  const text = Array.isArray(header) ? header.join(',') : header;
  return text
    .split(',')
    .map((part) => plain(part.trim()))
    .filter((part) => part !== '');
}

export function compileClientAddress(trust: TrustProxyOption | undefined): ClientAddress {
  if (trust === undefined || trust === false || trust === 0) return peerOf;
  if (trust === true) return (ex) => forwardedFor(ex)[0] ?? peerOf(ex);
  if (typeof trust === 'number') return byHops(trust);
  return byAddresses(trust);
}

/**
 * `hops` proxies stand in front of svc: the peer is the last of them, each appended the address
 * it was reached from, so the client is `hops` entries in from the right of the chain
 * `X-Forwarded-For, peer` (the leftmost when the chain is shorter).
 */
function byHops(hops: number): ClientAddress {
  return (ex) => {
    const chain = [...forwardedFor(ex), peerOf(ex)];
    return chain[Math.max(0, chain.length - 1 - hops)] as string;
  };
}

/** From the peer leftwards, past every trusted proxy: the first address not trusted is the client. */
function byAddresses(trusted: readonly string[]): ClientAddress {
  const list = new BlockList();
  for (const entry of trusted) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  const isTrusted = (address: string): boolean => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
  return (ex) => {
    const chain = [...forwardedFor(ex), peerOf(ex)];
    for (let index = chain.length - 1; index > 0; index--) {
      const address = chain[index] as string;
      if (!isTrusted(address)) return address;
    }
    return chain[0] as string;
  };
}
