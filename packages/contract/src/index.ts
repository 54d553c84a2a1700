export * from './rules.js';
export * from './auth.js';
export * from './errors.js';
export * from './messages.js';
export * from './reservations.js';
export * from './credentials.js';
