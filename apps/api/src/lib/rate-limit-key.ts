import { normalizeIP } from '@fastify/rate-limit';

/**
 * The per-visitor key of the global rate limit: the library's own (IPv4 as is, IPv6 by /64 subnet),
 * except that a request whose socket is already gone has no address — `request.ip` is undefined
 * when a client hangs up under load, and the library's default key then threw (a 500 in the log for
 * a request nobody waits for). Those share one key.
 */
export function rateLimitKey(ip: string | undefined): string {
  return ip ? normalizeIP(ip) : 'ip:gone';
}
