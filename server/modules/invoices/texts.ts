/**
 * Rule 46 of the CGST Rules: an export under a bond or Letter of Undertaking carries this endorsement. It stays in
 * English in every language (the rule prescribes the wording); every other text of the PDF is in the server's
 * catalog (server/i18n/<locale>/invoices.json, the commission statement's in partners.json; decision 070).
 */
export const EXPORT_ENDORSEMENT =
  'SUPPLY MEANT FOR EXPORT UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX';
