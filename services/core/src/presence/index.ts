export * from './presence-keys';
export * from './presence-code';
export * from './presence-claims';
export * from './presence-secret.service';
export * from './presence-check.service';
export * from './geocoder';
export * from './store-location.service';
export * from './search-area.service';
