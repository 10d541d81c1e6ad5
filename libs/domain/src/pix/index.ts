export * from './br-code';
export * from './identifiers';
export * from './keys';
export * from './pix-messages';
export * from './payouts';
export * from './invoice-charges';
export * from './invoice-charge-messages';
