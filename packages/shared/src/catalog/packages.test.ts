import { describe, expect, it } from 'vitest';
import { SYSTEMS, TRIAL_PACKAGE_ID, isSalePackage, salePackagesFor } from './packages';

const pkg = (id: number, overrides: Partial<{ active: boolean; is_trial: boolean }> = {}) => ({
  id,
  active: true,
  is_trial: false,
  ...overrides,
});

describe('the sale rule (docs/product/entities.md#package, decision 0097)', () => {
  it('sells an active normal package to IPTV and hybrid lines', () => {
    expect(isSalePackage(pkg(47), SYSTEMS.iptv)).toBe(true);
    expect(isSalePackage(pkg(47), SYSTEMS.hybrid)).toBe(true);
    expect(isSalePackage(pkg(17), SYSTEMS.iptv)).toBe(true);
  });
  it('sells a P2P line only the P2P packages', () => {
    expect(isSalePackage(pkg(42), SYSTEMS.p2p)).toBe(true);
    expect(isSalePackage(pkg(47), SYSTEMS.p2p)).toBe(false);
  });
  it('never sells an inactive package or the trial', () => {
    expect(isSalePackage(pkg(17, { active: false }), SYSTEMS.iptv)).toBe(false);
    expect(isSalePackage(pkg(TRIAL_PACKAGE_ID, { is_trial: true }), SYSTEMS.iptv)).toBe(false);
  });
  it('picks the P2P list for a P2P line, the IPTV list otherwise', () => {
    const lists = { iptv: ['iptv'], p2p: ['p2p'] };
    expect(salePackagesFor(SYSTEMS.p2p, lists)).toEqual(['p2p']);
    expect(salePackagesFor(SYSTEMS.iptv, lists)).toEqual(['iptv']);
    expect(salePackagesFor(SYSTEMS.hybrid, lists)).toEqual(['iptv']);
  });
});
