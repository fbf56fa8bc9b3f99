import { describe, expect, it } from 'vitest';
import { hindiDeckGuru } from '../../test/fixtures/hindi-deck-guru';

/**
 * Round eleven of the guru in the course's language (decision 065), on the acids deck (hindi-deck-13, written
 * blind, measured once, seen since): short English words typed in Devanagari, and the school subject a student
 * names beside the question.
 */
describe('school words in Hindi questions', () => {
  const { ask } = hindiDeckGuru('server/test/fixtures/hindi-deck-13/acids-hi.pdf', 'अम्ल');

  it('reads "एसिड" as the course\'s acid and "एसिड रेन" as its अम्ल वर्षा (acid rain)', async () => {
    const curd = await ask('दही मे कोनसा एसिड होता है');
    expect(curd.prepared.citations[0]?.slide).toBe(3);
    expect(curd.text).toContain('लैक्टिक अम्ल');
    const rain = await ask('एसिड रेन क्या होती है');
    expect(rain.prepared.citations[0]?.slide).toBe(10);
    expect(rain.text).toContain('अम्ल वर्षा');
  });

  it('does not need the school subject a question names ("chemistry me", "in chemistry") to be in the course', async () => {
    const romanised = await ask('indicator kya hota hai chemistry me');
    expect(romanised.prepared.notCovered).toBe(false);
    expect(romanised.prepared.citations[0]?.slide).toBe(5);
    const english = await ask('What is an indicator in chemistry?');
    expect(english.prepared.citations[0]?.slide).toBe(5);
    // The subject alone is still no question the course answers.
    expect((await ask('chemistry ka itihaas kya hai')).prepared.notCovered).toBe(true);
  });

  it('reads "न्यूट्रलाइजेशन" as the course\'s neutralisation', async () => {
    const { prepared, text } = await ask('न्यूट्रलाइजेशन किसको बोलते है');
    expect(prepared.citations[0]?.slide).toBe(7);
    expect(text).toContain('उदासीनीकरण');
  });
});
