// The drizzle schema as one object for the query builder and drizzle-kit.
export * from './accounts';
export * from './sessions';
export * from './two-factor';
export * from './settings';
export * from './catalog';
export * from './credit-ledger';
export * from './logs';
export * from './lines';
export * from './attempt-counters';
export * from './content';
export * from './connections';
export * from './domains';
export * from './setup-messages';
export * from './external-panel';
export * from './content-removals';
export * from './panel-texts';
export * from './catalog-requests';
