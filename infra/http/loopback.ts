/** Whether a request comes from this machine (127.0.0.0/8 or ::1, also IPv4-mapped). */
import type { FastifyRequest } from 'fastify';

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Both the socket and the client address must be loopback: behind a proxy on this machine the socket is loopback
 * for everyone (request.ip then names the real client, with TRUST_PROXY), and with TRUST_PROXY on a caller could
 * name itself 127.0.0.1 in X-Forwarded-For (the socket then is not loopback).
 */
export function fromLoopback(request: FastifyRequest): boolean {
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip);
}
