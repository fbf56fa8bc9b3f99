import { searchFold } from '../../../../common/search-fold';

/**
 * The names of school subjects and of a course's parts, in English, in Hindi and as Hindi writes the English
 * ones: "indicator kya hota hai chemistry me", "What is an indicator in chemistry?", "विज्ञान में सूचक क्या है".
 * They say where a question comes from, not what it asks about; a course seldom names its own subject in its
 * text, so such a word must not have to be found (round eleven, decision 065). Compared folded and lower case.
 */
const SCHOOL_SUBJECTS: ReadonlySet<string> = new Set(
  `science sciences chemistry physics biology maths math mathematics history geography civics economics
  chapter chapters lesson lessons subject subjects syllabus textbook
  विज्ञान रसायन भौतिकी जीवविज्ञान गणित इतिहास भूगोल नागरिकशास्त्र अर्थशास्त्र
  अध्याय पाठ विषय पाठ्यक्रम पाठ्यपुस्तक
  साइंस केमिस्ट्री फिजिक्स फ़िज़िक्स बायोलॉजी बायोलोजी मैथ्स मैथ हिस्ट्री जियोग्राफी सिविक्स चैप्टर लेसन सब्जेक्ट`
    .split(/\s+/u)
    .filter(Boolean)
    .map((word) => searchFold(word.toLocaleLowerCase())),
);

/** Whether a question's word names a school subject or a part of a course (SCHOOL_SUBJECTS). */
export const isSchoolSubject = (word: string) => SCHOOL_SUBJECTS.has(searchFold(word.toLocaleLowerCase()));
