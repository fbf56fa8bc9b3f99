import { fill } from './i18n/message-template';

/**
 * India's GST identifiers, shared by the checkout form and the server (decision 067): the state codes a GSTIN
 * begins with and a place of supply is named by, and the GSTIN check (format, state, PAN inside, check character).
 */

/** A state or union territory as GST numbers it (the first two digits of a GSTIN). */
export interface GstState {
  code: string;
  name: string;
}

/**
 * The states and union territories in force, by GST state code. 25 (Daman and Diu) and 28 (Andhra Pradesh before
 * 2014) are left out of choices: they were merged into 26 and replaced by 37, though old GSTINs may still carry them.
 */
export const GST_STATES: readonly GstState[] = [
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '18', name: 'Assam' },
  { code: '10', name: 'Bihar' },
  { code: '04', name: 'Chandigarh' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '07', name: 'Delhi' },
  { code: '30', name: 'Goa' },
  { code: '24', name: 'Gujarat' },
  { code: '06', name: 'Haryana' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '20', name: 'Jharkhand' },
  { code: '29', name: 'Karnataka' },
  { code: '32', name: 'Kerala' },
  { code: '38', name: 'Ladakh' },
  { code: '31', name: 'Lakshadweep' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '27', name: 'Maharashtra' },
  { code: '14', name: 'Manipur' },
  { code: '17', name: 'Meghalaya' },
  { code: '15', name: 'Mizoram' },
  { code: '13', name: 'Nagaland' },
  { code: '21', name: 'Odisha' },
  { code: '34', name: 'Puducherry' },
  { code: '03', name: 'Punjab' },
  { code: '08', name: 'Rajasthan' },
  { code: '11', name: 'Sikkim' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '36', name: 'Telangana' },
  { code: '16', name: 'Tripura' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '19', name: 'West Bengal' },
];

/** Codes a GSTIN may still begin with beyond GST_STATES: merged or renamed states and "Other Territory". */
const LEGACY_GSTIN_STATES: Record<string, string> = {
  '25': 'Daman and Diu',
  '28': 'Andhra Pradesh',
  '97': 'Other Territory',
};

/** The place-of-supply code GST returns use for a recipient outside India ("Other Countries"). */
export const OUTSIDE_INDIA = '96';
export const OUTSIDE_INDIA_NAME = 'Outside India';

/** "Karnataka (29)", "Outside India (96)"; undefined for a code GST does not know. */
export function gstStateName(code: string): string | undefined {
  if (code === OUTSIDE_INDIA) return OUTSIDE_INDIA_NAME;
  return GST_STATES.find((state) => state.code === code)?.name ?? LEGACY_GSTIN_STATES[code];
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A PAN's fourth letter says whose it is: Company, Person, HUF, Firm, AOP, Trust, BOI, Local authority, Juridical person, Government. */
const PAN_HOLDERS = 'CPHFATBLJG';

/**
 * The GSTIN check character: over the first fourteen characters (0–9 and A–Z worth 0–35), each value times 1 or 2
 * alternately from the left, the quotient and remainder of each product by 36 summed; the check is
 * (36 − sum mod 36) mod 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

/** As typed, made comparable: compatibility forms folded (full-width letters), spaces dropped, upper case. */
export function normalizeGstin(value: string): string {
  return value.normalize('NFKC').replace(/\s+/gu, '').toUpperCase();
}

/**
 * What is wrong with a GSTIN, keyed as `gstinMsg.*` (common/i18n/module-messages.ts) and read back in the reader's
 * language; `{code}` and `{pan}` are filled by gstinProblem (decision 070).
 */
export const GSTIN_MESSAGES = {
  shape:
    'A GSTIN has 15 characters: the 2-digit state code, the 10-character PAN, the entity number, Z and a check character (e.g. 27AAPFU0939F1ZV).',
  state: 'This GSTIN begins with {code}, which is not an Indian state code.',
  pan: 'The PAN inside this GSTIN ({pan}) is not a valid PAN.',
  check: 'This GSTIN’s last character does not match the rest: please check it for a typing mistake.',
} as const;

/** What is wrong with a GSTIN (already normalised), one thing at a time; null when it is well formed. */
export function gstinProblem(gstin: string): string | null {
  if (!/^[0-9]{2}[0-9A-Z]{13}$/.test(gstin)) return GSTIN_MESSAGES.shape;
  const state = gstin.slice(0, 2);
  if (!gstStateName(state) || state === OUTSIDE_INDIA) return fill(GSTIN_MESSAGES.state, { code: state });
  const pan = gstin.slice(2, 12);
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(pan) || !PAN_HOLDERS.includes(pan[3]))
    return fill(GSTIN_MESSAGES.pan, { pan });
  if (!/^[1-9A-Z]Z$/.test(gstin.slice(12, 14))) return GSTIN_MESSAGES.shape;
  if (gstinCheckCharacter(gstin) !== gstin[14]) return GSTIN_MESSAGES.check;
  return null;
}

/** The state code a well-formed GSTIN is registered in. */
export const gstinState = (gstin: string): string => gstin.slice(0, 2);
