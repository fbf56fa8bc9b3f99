/**
 * An ILIKE pattern that finds what a person typed anywhere in the text: their %, _ and \ are letters, not
 * wildcards, so a search for "50%" finds "50%" and nothing else. The one escape every search uses.
 */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
