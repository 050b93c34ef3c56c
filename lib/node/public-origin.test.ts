import { describe, expect, it } from 'vitest';
import { publicOrigin, validHost } from './public-origin';

describe('validHost', () => {
  it('takes host names, IPv4 and bracketed IPv6 addresses with an optional port, lowercased', () => {
    expect(validHost('Node.Example.COM')).toBe('node.example.com');
    expect(validHost('localhost:3000')).toBe('localhost:3000');
    expect(validHost('192.168.1.20:443')).toBe('192.168.1.20:443');
    expect(validHost('[2001:db8::1]:8080')).toBe('[2001:db8::1]:8080');
    expect(validHost('xn--bcher-kva.example')).toBe('xn--bcher-kva.example');
  });

  it('refuses anything that would change what a URL built from it points at', () => {
    for (const raw of ['user@host', 'host/path', 'host#x', 'host?x', 'host:0', 'host:65536', 'host:', 'a..b', `${'a'.repeat(64)}.test`, 'ho st', 'höst', '[::g]', '[::1', 'host\\x', '', null]) {
      expect(validHost(raw), String(raw)).toBeNull();
    }
  });
});

describe('publicOrigin', () => {
  const origin = (headers: Record<string, string>) => publicOrigin(new Headers(headers), 'http://localhost:3000/.well-known/stigmem');

  it('falls back to the request URL without usable headers', () => {
    expect(origin({})).toBe('http://localhost:3000');
    expect(origin({ host: 'bad host' })).toBe('http://localhost:3000');
    expect(origin({ 'x-forwarded-proto': 'ftp' })).toBe('http://localhost:3000');
  });

  it('prefers the first X-Forwarded-Host to Host, and the first X-Forwarded-Proto', () => {
    expect(origin({ host: 'inner:3000', 'x-forwarded-host': 'outer.example , inner', 'x-forwarded-proto': 'HTTPS, http' })).toBe('https://outer.example');
    expect(origin({ host: 'inner:3000', 'x-forwarded-host': 'bad/host' })).toBe('http://inner:3000');
  });
});
