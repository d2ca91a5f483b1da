export * from './users';
export * from './auth';
