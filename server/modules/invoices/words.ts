import { roundMoney } from '../../../common/money';

/** The languages an invoice can be written in (decision 067); English unless the caller asks. */
export type InvoiceLanguage = 'en' | 'hi';

const EN_ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const EN_TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** Hindi names its numbers 0–99 each with a word of its own (no tens-and-units rule to build them from). */
const HI_0_TO_99 = (
  'शून्य एक दो तीन चार पाँच छह सात आठ नौ ' +
  'दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस ' +
  'बीस इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस ' +
  'तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस ' +
  'चालीस इकतालीस बयालीस तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस उनचास ' +
  'पचास इक्यावन बावन तिरपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ ' +
  'साठ इकसठ बासठ तिरसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर ' +
  'सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उन्यासी ' +
  'अस्सी इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी ' +
  'नब्बे इक्यानवे बानवे तिरानवे चौरानवे पंचानवे छियानवे सत्तानवे अट्ठानवे निन्यानवे'
).split(' ');

interface Vocabulary {
  below100: (n: number) => string;
  hundred: string;
  thousand: string;
  lakh: string;
  crore: string;
}

const VOCABULARY: Record<InvoiceLanguage, Vocabulary> = {
  en: {
    below100: (n) =>
      n < 20 ? EN_ONES[n] : `${EN_TENS[Math.floor(n / 10)]}${n % 10 ? ` ${EN_ONES[n % 10]}` : ''}`,
    hundred: 'Hundred',
    thousand: 'Thousand',
    lakh: 'Lakh',
    crore: 'Crore',
  },
  hi: {
    below100: (n) => HI_0_TO_99[n],
    hundred: 'सौ',
    thousand: 'हज़ार',
    lakh: 'लाख',
    crore: 'करोड़',
  },
};

/**
 * A whole number in words with Indian grouping: crore (10⁷), lakh (10⁵), thousand, hundred; a count of crores
 * above 99 is itself spelt the same way ("One Hundred Twenty Crore"). 0 is the language's zero.
 */
export function wholeNumberInWords(n: number, language: InvoiceLanguage): string {
  const words = VOCABULARY[language];
  if (n === 0) return words.below100(0);
  const parts: string[] = [];
  const crores = Math.floor(n / 10_000_000);
  if (crores > 0) parts.push(`${wholeNumberInWords(crores, language)} ${words.crore}`);
  let rest = n % 10_000_000;
  for (const [size, name] of [
    [100_000, words.lakh],
    [1_000, words.thousand],
    [100, words.hundred],
  ] as const) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${words.below100(count)} ${name}`);
    rest %= size;
  }
  if (rest > 0) parts.push(words.below100(rest));
  return parts.join(' ');
}

/**
 * A rupee amount as an Indian invoice writes it: "Rupees One Lakh Eighteen Thousand Only", "Rupees Ten and Fifty
 * Paise Only"; in Hindi "एक लाख अठारह हज़ार रुपये मात्र", "दस रुपये और पचास पैसे मात्र". Negative amounts (a credit
 * note's) are spelt as their size.
 */
export function rupeesInWords(amount: number, language: InvoiceLanguage = 'en'): string {
  const paiseTotal = Math.round(Math.abs(roundMoney(amount)) * 100);
  const rupees = Math.floor(paiseTotal / 100);
  const paise = paiseTotal % 100;
  const rupeeWords = wholeNumberInWords(rupees, language);
  if (language === 'hi') {
    const paiseWords = paise ? ` और ${wholeNumberInWords(paise, 'hi')} पैसे` : '';
    return `${rupeeWords} रुपये${paiseWords} मात्र`;
  }
  const paiseWords = paise ? ` and ${wholeNumberInWords(paise, 'en')} Paise` : '';
  return `Rupees ${rupeeWords}${paiseWords} Only`;
}
