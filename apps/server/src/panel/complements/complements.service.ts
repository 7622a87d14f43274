import type { Complements } from '@panel/shared/catalog/catalog-api';
import { SYSTEMS, isSalePackage } from '@panel/shared/catalog/packages';
import type { Database } from '../../db/database';
import { allBouquets } from '../catalog/bouquets.repository';
import { toBouquet, toPackage } from '../catalog/catalog.service';
import { allPackages } from '../catalog/packages.repository';
import { allSettings } from './complements.repository';
import { nowSeconds } from '@panel/shared/time/unix-seconds';

/** Member groups of docs/product/roles.md: 1 admin, 2 reseller. */
const GROUPS = [
  { id: 1, name: 'Administrador' },
  { id: 2, name: 'Revenda' },
];

/**
 * GET /api/complements: what the panel's forms need at once. Packages are the active ones, grouped by the
 * shared sale rule: IPTV (every normal package), trial, and P2P (the fixed ids of
 * docs/product/constants.md#packages-and-systems).
 */
export async function readComplements(db: Database): Promise<Complements> {
  const packages = (await allPackages(db, { activeOnly: true })).map(toPackage);
  return {
    groups: GROUPS,
    settings: await allSettings(db),
    packages: {
      iptv: packages.filter((pkg) => isSalePackage(pkg, SYSTEMS.iptv)),
      trial: packages.filter((pkg) => pkg.is_trial),
      p2p: packages.filter((pkg) => isSalePackage(pkg, SYSTEMS.p2p)),
    },
    bouquets: (await allBouquets(db)).map(toBouquet),
    server_time: nowSeconds(),
  };
}
