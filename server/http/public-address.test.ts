import { describe, expect, it } from 'vitest';
import { hostMayBePublic, isPublicIp, resolvesPublicly } from './public-address';

/** The addresses an admin or institute can make the server call (issuers, LMS services, an LRS). */
describe('public addresses', () => {
  it('refuses the machine, private networks, link-local, carrier-grade NAT and the other reserved ranges', () => {
    for (const address of [
      '127.0.0.1',
      '0.0.0.1',
      '10.1.2.3',
      '100.100.100.200',
      '169.254.169.254',
      '172.20.0.1',
      '192.168.1.10',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPublicIp(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '142.250.183.14', '2606:4700:4700::1111']) {
      expect(isPublicIp(address), address).toBe(true);
    }
  });

  it('reads the host as the URL parser normalises it, without a trailing dot', () => {
    for (const url of [
      'https://localhost./xapi',
      'https://LOCALHOST/x',
      'https://lrs.localhost/x',
      'https://printer.local/x',
      'https://0x7f000001/x',
      'https://2130706433/x',
      'https://0.0.0.1/x',
      'https://100.100.100.200/x',
      'https://[::1]/x',
      'https://[::ffff:7f00:1]/x',
      'https://intranet/x',
    ]) {
      expect(hostMayBePublic(new URL(url)), url).toBe(false);
    }
    expect(hostMayBePublic(new URL('https://lrs.example.org/xapi'))).toBe(true);
    expect(hostMayBePublic(new URL('https://8.8.8.8/x'))).toBe(true);
  });

  it('follows the name to what it resolves to: a name for this machine is not public', async () => {
    // "localhost.localdomain"-style names are caught by name; a name resolving to 127.0.0.1 by its address.
    expect(await resolvesPublicly(new URL('https://localhost/x'))).toBe(false);
    expect(await resolvesPublicly(new URL('https://no-such-name.invalid/x'))).toBe(false);
    expect(await resolvesPublicly(new URL('https://8.8.8.8/x'))).toBe(true);
  });
});
