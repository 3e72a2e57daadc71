export * from './auth.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './ids.ts';
export * from './password.ts';
export * from './register.ts';
export * from './reporting.ts';
