export * from './locales';
export * from './negotiate-locale';
export * from './define-messages';
export * from './define-texts';
export * from './catalog-parts';
export * from './message-formatter';
