export * from './constants.ts';
export * from './messages.ts';
export * from './schemas/envelope.ts';
export * from './schemas/fields.ts';
export * from './schemas/auth.ts';
export * from './schemas/profile.ts';
export * from './schemas/config.ts';
export * from './extension-messages.ts';
