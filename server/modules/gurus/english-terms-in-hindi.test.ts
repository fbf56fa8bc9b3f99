import { describe, expect, it } from 'vitest';
import { hindiDeckGuru } from '../../test/fixtures/hindi-deck-guru';

/**
 * Round nine of the guru in the course's language (decision 065), on the light deck (hindi-deck-9, written blind,
 * seen since): English terms a Hindi deck writes in brackets, a romanised question, a year that is no count, an
 * everyday word and a near-topic question the course does not answer.
 */
describe('English terms and everyday words in Hindi questions', () => {
  const { ask } = hindiDeckGuru('server/test/fixtures/hindi-deck-9/light-hi.pdf', 'प्रकाश');

  it('finds "luminous objects" in a Hindi passage by "luminous object" (English words stemmed there too)', async () => {
    const { prepared } = await ask('luminous object kya hota hai');
    expect(prepared.notCovered).toBe(false);
    expect(prepared.citations[0]?.slide).toBe(2);
  });

  it("answers an English term with the course's Hindi for it: the sentence that defines it", async () => {
    const { prepared, text } = await ask('lateral inversion किसको बोलते है');
    expect(prepared.citations[0]?.slide).toBe(7);
    expect(text).toMatch(/^[^।]*पार्श्व उत्क्रमण कहते हैं।/u);
  });

  it('knows an English term the course writes only in a slide title, typed in Devanagari (round ten)', async () => {
    // "गोलीय दर्पण (spherical mirrors)" is slide 8's title; its text never says "spherical mirrors".
    const { prepared, text } = await ask('स्फेरिकल मिरर्स किसे कहते है');
    expect(prepared.notCovered).toBe(false);
    expect(prepared.citations[0]?.slide).toBe(8);
    expect(text).toContain('गोलीय दर्पण');
  });

  it('opens a how-much answer with the quantity, not a year', async () => {
    const { text } = await ask('light ki speed kitni hoti hai');
    expect(text).toMatch(/^[^।]*3,00,000 किलोमीटर प्रति सेकंड/u);
  });

  it('finds the slide through an everyday word (परछाई for छाया)', async () => {
    const { prepared, text } = await ask('दिन मे हमारी परछाई सबसे छोटी कब होती है');
    expect(prepared.citations[0]?.slide).toBe(4);
    expect(text).toContain('दोपहर');
  });

  it('refuses a question most of whose words the course never says, though it shares two', async () => {
    const { prepared } = await ask('पौधे जड से पानी ऊपर कैसे खीचते है');
    expect(prepared.notCovered).toBe(true);
  });
});
