// What other features may use from this one (decision 025); everything else here is the feature's own.
export { useCheckout } from './checkout-dialog';
export { CurrencyRatesPanel } from './currency-rates-panel';
export { useGstDetails } from './gst-details';
export { coveredByInstitute, InstituteCoversNotice, isCoveredRefusal } from './institute-covers-notice';
