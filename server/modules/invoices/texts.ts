import type { InvoiceLanguage } from './words';

/**
 * Every text a GST tax invoice or credit note adds, by language, in one place so the message catalog can take
 * them over (decision 067). The endorsement for exports is Rule 46's wording and stays in English in every language
 * (the rule prescribes it).
 */
export const INVOICE_TEXTS = {
  en: {
    taxInvoice: 'TAX INVOICE',
    creditNote: 'CREDIT NOTE',
    date: 'Date',
    gstin: 'GSTIN',
    state: 'State',
    billedTo: 'Billed to',
    placeOfSupply: 'Place of supply',
    sac: 'SAC',
    description: 'Description',
    amount: 'Amount',
    taxableValue: 'Taxable value',
    cgst: 'CGST',
    sgst: 'SGST',
    igst: 'IGST',
    total: 'Total',
    amountInWords: 'Amount in words',
    againstInvoice: 'Against tax invoice',
    refunded: 'REFUNDED',
    reverseCharge: 'Tax payable on reverse charge: No',
    footer: 'This is a computer-generated document and needs no signature.',
  },
  hi: {
    taxInvoice: 'कर बीजक (TAX INVOICE)',
    creditNote: 'क्रेडिट नोट (CREDIT NOTE)',
    date: 'दिनांक',
    gstin: 'जीएसटीआईएन',
    state: 'राज्य',
    billedTo: 'प्राप्तकर्ता',
    placeOfSupply: 'आपूर्ति का स्थान',
    sac: 'एसएसी',
    description: 'विवरण',
    amount: 'राशि',
    taxableValue: 'कर योग्य मूल्य',
    cgst: 'सीजीएसटी',
    sgst: 'एसजीएसटी',
    igst: 'आईजीएसटी',
    total: 'कुल',
    amountInWords: 'राशि शब्दों में',
    againstInvoice: 'मूल कर बीजक',
    refunded: 'धनवापसी',
    reverseCharge: 'रिवर्स चार्ज पर देय कर: नहीं',
    footer: 'यह कंप्यूटर द्वारा बनाया गया दस्तावेज़ है, इस पर हस्ताक्षर की आवश्यकता नहीं है।',
  },
} satisfies Record<InvoiceLanguage, Record<string, string>>;

/** Rule 46 of the CGST Rules: an export under a bond or Letter of Undertaking carries this endorsement. */
export const EXPORT_ENDORSEMENT =
  'SUPPLY MEANT FOR EXPORT UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX';
