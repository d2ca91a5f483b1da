export * from './users';
export * from './auth';
export * from './notifications';
export * from './catalog';
export * from './locations';
export * from './orders';
export * from './submissions';
export * from './audit';
