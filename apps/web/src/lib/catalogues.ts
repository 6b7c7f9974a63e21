/**
 * The shared message catalogues of `@helio/contracts`, one language at a time: the error
 * catalogue (SPEC.md §8) and the validation rules' messages (SPEC.md §5). Both loaders import
 * each language lazily, so a browser downloads only the language it shows.
 */
export { loadCatalogueMessages } from '@helio/contracts/error-messages';
export { loadValidationMessages } from '@helio/contracts/validation-messages';
