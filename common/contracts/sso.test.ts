import { describe, expect, it } from 'vitest';
import { emailDomain, parseDomains, withinDomain } from './sso';

/** The e-mail domain rules single sign-on and LTI launches share (decisions 073–075). */
describe('e-mail domains', () => {
  it('take the part after the last @, lower-cased, in any script', () => {
    expect(emailDomain('Asha@MySchool.EDU')).toBe('myschool.edu');
    expect(emailDomain('"a@b"@students.myschool.edu')).toBe('students.myschool.edu');
    expect(emailDomain('शिक्षक@विद्यालय.भारत')).toBe('विद्यालय.भारत');
  });

  it('count a subdomain as within its domain, and nothing that only ends the same way', () => {
    expect(withinDomain('students.myschool.edu', 'myschool.edu')).toBe(true);
    expect(withinDomain('myschool.edu', 'myschool.edu')).toBe(true);
    expect(withinDomain('notmyschool.edu', 'myschool.edu')).toBe(false);
  });

  it('parse a typed list, or refuse it whole when one entry is not a domain', () => {
    expect(parseDomains('myschool.edu, Students.MySchool.edu; विद्यालय.भारत')).toEqual([
      'myschool.edu',
      'students.myschool.edu',
      'विद्यालय.भारत',
    ]);
    expect(parseDomains('myschool.edu, not a domain')).toBeNull();
  });
});
