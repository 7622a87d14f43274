import { describe, expect, it } from 'vitest';
import { connectTvMacSchema, dreamTvMacSchema, typedTvMac } from './tv-app-mac';
import { TV_APPS_MESSAGES } from './tv-apps-messages';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('TV app MACs (docs/product/rules.md#dreamtv-mac)', () => {
  it('DreamTV: required, then XX:XX:XX:XX:XX:XX, uppercased', () => {
    expect(message(dreamTvMacSchema.safeParse(undefined))).toBe(TV_APPS_MESSAGES.dreamTvMacRequired);
    expect(message(dreamTvMacSchema.safeParse(' '))).toBe(TV_APPS_MESSAGES.dreamTvMacRequired);
    expect(message(dreamTvMacSchema.safeParse('aabbccddeeff'))).toBe(TV_APPS_MESSAGES.dreamTvMacFormat);
    expect(message(dreamTvMacSchema.safeParse('aa-bb-cc-dd-ee-ff'))).toBe(TV_APPS_MESSAGES.dreamTvMacFormat);
    expect(dreamTvMacSchema.parse(' aa:bb:cc:dd:ee:0f ')).toBe('AA:BB:CC:DD:EE:0F');
  });

  it('connect TV: required, at least 17, uppercased', () => {
    expect(message(connectTvMacSchema.safeParse(''))).toBe(TV_APPS_MESSAGES.connectTvMacRequired);
    expect(message(connectTvMacSchema.safeParse('AA:BB:CC:DD:EE:F'))).toBe(
      TV_APPS_MESSAGES.connectTvMacFormat,
    );
    expect(message(connectTvMacSchema.safeParse('AA:BB:CC:DD:EE:GG'))).toBe(
      TV_APPS_MESSAGES.connectTvMacFormat,
    );
    expect(connectTvMacSchema.parse('a1:b2:c3:d4:e5:f6')).toBe('A1:B2:C3:D4:E5:F6');
  });

  it('an input keeps hex digits and colons, uppercased, at most 17', () => {
    expect(typedTvMac('aa:bb-cc:dd:ee:ff:00:11')).toBe('AA:BBCC:DD:EE:FF:');
    expect(typedTvMac('zz12')).toBe('12');
  });
});
