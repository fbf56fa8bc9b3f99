import { describe, expect, it } from 'vitest';
import { findCountry } from './countries';
import { countryCodeForTimeZone, TIME_ZONE_COUNTRY } from './time-zones';

describe('countryCodeForTimeZone', () => {
  it('maps canonical zones', () => {
    expect(countryCodeForTimeZone('Asia/Kolkata')).toBe('IN');
    expect(countryCodeForTimeZone('America/New_York')).toBe('US');
    expect(countryCodeForTimeZone('Europe/London')).toBe('GB');
    expect(countryCodeForTimeZone('Australia/Sydney')).toBe('AU');
  });

  it('maps backward-compatible aliases to the target country', () => {
    expect(countryCodeForTimeZone('Asia/Calcutta')).toBe('IN');
    expect(countryCodeForTimeZone('US/Eastern')).toBe('US');
    expect(countryCodeForTimeZone('Europe/Kiev')).toBe('UA');
    expect(countryCodeForTimeZone('Asia/Saigon')).toBe('VN');
  });

  it('keeps the own country of zones that share rules with another country', () => {
    expect(countryCodeForTimeZone('Europe/Amsterdam')).toBe('NL');
    expect(countryCodeForTimeZone('Atlantic/Reykjavik')).toBe('IS');
    expect(countryCodeForTimeZone('Iceland')).toBe('IS');
    expect(countryCodeForTimeZone('America/Virgin')).toBe('VI');
    expect(countryCodeForTimeZone('Asia/Dubai')).toBe('AE');
    expect(countryCodeForTimeZone('Asia/Muscat')).toBe('OM');
  });

  it('returns undefined for UTC, Etc and unknown names', () => {
    expect(countryCodeForTimeZone('UTC')).toBeUndefined();
    expect(countryCodeForTimeZone('Etc/GMT+5')).toBeUndefined();
    expect(countryCodeForTimeZone('EST')).toBeUndefined();
    expect(countryCodeForTimeZone('')).toBeUndefined();
    expect(countryCodeForTimeZone('asia/kolkata')).toBeUndefined();
    expect(countryCodeForTimeZone('constructor')).toBeUndefined();
    expect(countryCodeForTimeZone('toString')).toBeUndefined();
  });
});

describe('TIME_ZONE_COUNTRY', () => {
  it('only uses country codes that exist in COUNTRIES', () => {
    for (const code of Object.values(TIME_ZONE_COUNTRY)) expect(findCountry(code)?.code).toBe(code);
  });

  it('covers every geographic zone this runtime supports', () => {
    const nonGeographic = /^(Etc\/|Antarctica\/|UTC$|UCT$|GMT|Universal$|Zulu$|Greenwich$)/;
    const zones = Intl.supportedValuesOf('timeZone').filter((zone) => !nonGeographic.test(zone));
    expect(zones.length).toBeGreaterThan(300);
    const unmapped = zones.filter((zone) => findCountry(countryCodeForTimeZone(zone) ?? '') === undefined);
    expect(unmapped).toEqual([]);
  });
});
