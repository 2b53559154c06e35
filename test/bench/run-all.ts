import { benchListingValidation } from './listing-validation.bench';

// Every benchmark, one after the other, each printing `key: value` lines.
benchListingValidation();
