export * from './smtp-catcher';
export * from './push-service';
export * from './mail-page';
