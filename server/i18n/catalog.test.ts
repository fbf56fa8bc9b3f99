import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EN_CATALOG } from '../../common/i18n/catalog';
import { MODULE_EN_CATALOG } from '../../common/i18n/module-messages';
import { describeTranslation } from '../../common/i18n/translation-checks';
import { speak, translate } from '../http/locale';
import { SERVER_EN, SERVER_HI, SERVER_MODULES } from './catalog';
import { said } from './said';
import { untranslatedErrors, untranslatedSchemaMessages } from './untranslated-errors';

const here = import.meta.dirname;
const readModule = (locale: string, module: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(here, locale, `${module}.json`), 'utf8'));

describeTranslation("the server's own texts", SERVER_EN, { hi: SERVER_HI });

describe("the server's own texts (decision 070)", () => {
  it('has a file per module and language, each registered, each key under its module', () => {
    for (const locale of ['en', 'hi']) {
      const files = readdirSync(path.join(here, locale)).map((name) => name.replace(/\.json$/, ''));
      expect(files.sort()).toEqual([...SERVER_MODULES].sort());
    }
    for (const module of SERVER_MODULES) {
      const keys = Object.keys(readModule('en', module));
      expect(keys.filter((key) => !key.startsWith(`server.${module}.`))).toEqual([]);
      expect(Object.keys(readModule('hi', module)).sort()).toEqual(keys.sort());
    }
  });

  it("takes no key of the web's catalogs", () => {
    const taken = Object.keys(SERVER_EN).filter((key) => key in EN_CATALOG || key in MODULE_EN_CATALOG);
    expect(taken).toEqual([]);
  });

  it('has every key used by the server, and none left over', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) return sources(file);
        return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [readFileSync(file, 'utf8')] : [];
      });
    const code = sources(path.resolve(here, '..')).join('\n');
    expect(Object.keys(SERVER_EN).filter((key) => !code.includes(`'${key}'`))).toEqual([]);
  });

  it('answers a said text in the caller language, its values filled in; English for the logs', () => {
    const text = said('server.reports.studentNotFound');
    expect(text.english).toBe('Student not found');
    expect(speak('hi', text)).toBe(SERVER_HI['server.reports.studentNotFound']);
    expect(speak('hi', 'Student not found')).toBe(SERVER_HI['server.reports.studentNotFound']);
    expect(translate('en', 'server.plans.notFound')).toBe('Plan not found');
  });
});

describe('the scan for English written at an error', () => {
  const found = (code: string) => untranslatedErrors(code, 'x.ts').map((hit) => hit.text);
  it('finds literals, templates, same-file constants and hand-sent bodies, in any script', () => {
    expect(
      found(`
        const GONE = 'Gone';
        throw notFound('Quiz not found');
        throw badRequest(\`At most \${max}\`, { title: 'Too long' });
        throw new AppError('CONFLICT', GONE);
        throw forbidden('यह अनुमति नहीं है');
        reply.status(400).send({ code: 'VALIDATION', message: 'Bad' });
      `),
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the scan reports a template as its source
    ).toEqual(['Quiz not found', '`At most ${max}`', 'Too long', 'Gone', 'यह अनुमति नहीं है', 'Bad']);
  });

  it('lets keyed texts pass', () => {
    expect(
      found(`
        throw notFound(said('server.quizzes.notFound'));
        throw badRequest(LIBRARY_MSG.busy, { title: MSG.required });
        throw new AppError('RATE_LIMITED', said('server.http.slowDown'), undefined, 3);
        throw forbidden();
      `),
    ).toEqual([]);
  });
});

describe("schemas' messages (decision 070)", () => {
  const found = (code: string) => untranslatedSchemaMessages(code, 'x.ts').map((hit) => hit.text);

  it('finds English written as a check’s message or as the params’ error, and lets keyed texts pass', () => {
    expect(found("z.string().max(5, 'At most five')")).toEqual(['At most five']);
    const template = '`At least $' + '{n}`';
    expect(found(`z.number().min(1, ${template})`)).toEqual([template]);
    expect(found("z.uuid({ error: 'Course not found' })")).toEqual(['Course not found']);
    expect(found("x.refine(ok, { message: 'Nothing to change', path: ['a'] })")).toEqual([
      'Nothing to change',
    ]);
    expect(found("const error = 'Bad range'; z.number({ error }).min(1, { error })")).toEqual([
      'Bad range',
      'Bad range',
    ]);
    expect(found("ctx.addIssue({ code: 'custom', message: 'Twice' })")).toEqual(['Twice']);
    expect(
      found(
        "z.string().max(5, atMostCharacters(5)).refine(ok, MSG.required); z.uuid({ error: said('server.x.y').english }); z.literal('');",
      ),
    ).toEqual([]);
  });
});
