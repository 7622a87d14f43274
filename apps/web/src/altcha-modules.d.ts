// The altcha language packs ship without their own type declarations.
declare module 'altcha/i18n/pt-br';
