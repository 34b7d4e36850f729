export { default } from '../[locale]/[variant]/(public)/not-found';
