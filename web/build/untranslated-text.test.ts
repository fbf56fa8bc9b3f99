import { describe, expect, it } from 'vitest';
import { untranslatedText } from './untranslated-text';

const texts = (source: string) => untranslatedText(source).map((found) => found.text);

describe('untranslated text in a view', () => {
  it('finds JSX text and visible props in any script', () => {
    const view = `export const V = () => (
      <Card title="Reports" aria-label={'A guru answering'}>
        Teach with an AI guru
        <TextInput label="ईमेल" placeholder={busy ? 'Saving…' : 'Type here'} />
        {collapsed ? null : 'Explore Courses'}
        {count > 0 && \`\${count} lessons\`}
      </Card>
    );`;
    expect(texts(view)).toEqual([
      'Reports',
      'A guru answering',
      'Teach with an AI guru',
      'ईमेल',
      'Saving…',
      'Type here',
      'Explore Courses',
      'lessons',
    ]);
  });

  it('passes catalog lookups, keys given to calls, markup-only text and props nobody reads', () => {
    const view = `export const V = () => (
      <Card title={t('home.title')} data-testid="home-card" to="/sign-up" variant="default">
        {t('home.lead')} {' '} · © {year} 180° — 0:42
        <Button aria-label={t(collapsed ? 'shell.expandNav' : 'shell.collapseNav')}>{rich('a', { b: (c) => <b>{c}</b> })}</Button>
      </Card>
    );`;
    expect(texts(view)).toEqual([]);
  });

  it('says on which line', () => {
    expect(untranslatedText('const a = 1;\nexport const V = () => <p>\n  Hello\n</p>;')).toEqual([
      { line: 3, text: 'Hello' },
    ]);
  });
});
