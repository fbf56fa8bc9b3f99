/**
 * Question-bank import (issue 35, decision 076): a 5,000-question Moodle XML file made for the bench (categories
 * every 100 questions; single and multiple choice, true/false, short answer, numerical, essay, matching of three
 * pairs, and cloze that is left out; a Hindi prompt every 7th question; a base64 PNG every 50th), measured three
 * ways in the same run:
 *
 * 1. In a child process of its own (so its peak RSS is the reading's): saxes alone over the file (the floor any
 *    XML reading costs), then the whole preview path in process — readBank (Moodle's rules) and checkBank (every
 *    question through the question form's schema, every picture sniffed) — with the process's peak RSS.
 * 2. Through the server: POST …/questions/import/preview with the file (multipart upload, reading, checking, the
 *    preview's JSON), then POST …/import/bank of the first 200 (a quiz holds at most 200), pictures stored.
 *
 *   node_modules/.bin/tsx bench/question-import.ts [questions=5000] [rounds=3]
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { SaxesParser } from 'saxes';
import { tinyPng } from '../server/test/uploads';

const QUESTIONS = Number(process.argv[2] ?? 5000);
const ROUNDS = Number(process.argv[3] ?? 3);

const answer = (fraction: number, text: string) =>
  `<answer fraction="${fraction}" format="html"><text>${text}</text><feedback><text></text></feedback></answer>`;

/** One question of each kind in turn, written as Moodle 4 exports them. */
function questionXml(n: number, png: string): string {
  const hindi = n % 7 === 0;
  const text = hindi
    ? `प्रश्न ${n}: पृथ्वी सूर्य के चारों ओर कितने दिनों में घूमती है?`
    : `Question ${n}: which value is right?`;
  const picture =
    n % 50 === 0
      ? `<p><img src="@@PLUGINFILE@@/p${n}.png" alt="Figure ${n}"></p>]]></text><file name="p${n}.png" path="/" encoding="base64">${png}</file>`
      : ']]></text>';
  const head = (type: string) =>
    `<question type="${type}"><name><text>Q${n}</text></name><questiontext format="html"><text><![CDATA[<p>${text}</p>${picture}</questiontext><generalfeedback format="html"><text><![CDATA[<p>Because of rule ${n}.</p>]]></text></generalfeedback><defaultgrade>1</defaultgrade>`;
  switch (n % 20) {
    case 0:
    case 1:
    case 2:
    case 3:
    case 4:
    case 5:
    case 6:
    case 7:
      return `${head('multichoice')}<single>true</single><shuffleanswers>true</shuffleanswers>${answer(100, `Right ${n}`)}${answer(0, `Wrong A${n}`)}${answer(0, `Wrong B${n}`)}${answer(0, `Wrong C${n}`)}</question>`;
    case 8:
    case 9:
    case 10:
      return `${head('multichoice')}<single>false</single>${answer(50, `Right A${n}`)}${answer(50, `Right B${n}`)}${answer(-50, `Wrong ${n}`)}</question>`;
    case 11:
    case 12:
    case 13:
      return `${head('truefalse')}${answer(100, 'true')}${answer(0, 'false')}</question>`;
    case 14:
    case 15:
      return `${head('shortanswer')}<usecase>0</usecase>${answer(100, `answer ${n}`)}${answer(100, `ans ${n}`)}</question>`;
    case 16:
      return `${head('numerical')}<answer fraction="100"><text>${n}</text><tolerance>0</tolerance></answer></question>`;
    case 17:
      return `${head('essay')}<responseformat>editor</responseformat><responsefieldlines>15</responsefieldlines><attachments>0</attachments></question>`;
    case 18:
      return `${head('match')}${[1, 2, 3].map((pair) => `<subquestion format="html"><text>Left ${n}.${pair}</text><answer><text>Right ${n}.${pair}</text></answer></subquestion>`).join('')}</question>`;
    default:
      return `${head('multianswer')}</question>`;
  }
}

export function moodleBank(count: number): Buffer {
  const png = tinyPng().toString('base64');
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n'];
  for (let n = 1; n <= count; n += 1) {
    if (n % 100 === 1) {
      parts.push(
        `<question type="category"><category><text>$course$/top/Unit ${Math.ceil(n / 100)}</text></category></question>\n`,
      );
    }
    parts.push(questionXml(n, png), '\n');
  }
  parts.push('</quiz>\n');
  return Buffer.from(parts.join(''));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mb = (kilobytes: number) => `${(kilobytes / 1024).toFixed(0)} MB`;

/**
 * Part 1, in its own process: the peak RSS of one preview's reading and checking (the first thing the process
 * does after loading the modules), then the timings' rounds. Prints one JSON line.
 */
async function readInProcess() {
  // Only the reading's own modules: the server's (its app, its database client) would count in the peak.
  const { readBank } = await import('../server/modules/quizzes/import/read-bank');
  const { checkBank } = await import('../server/modules/quizzes/bank-import');
  const bytes = moodleBank(QUESTIONS);
  const before = process.resourceUsage().maxRSS;
  const first = await checkBank(bytes);
  const peak = process.resourceUsage().maxRSS;
  const floor: number[] = [];
  const reading: number[] = [];
  const checking: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    let t0 = performance.now();
    const parser = new SaxesParser();
    let elements = 0;
    parser.on('opentag', () => {
      elements += 1;
    });
    parser.write(bytes.toString('utf8')).close();
    floor.push(performance.now() - t0);
    if (elements === 0) throw new Error('nothing parsed');
    t0 = performance.now();
    readBank(bytes);
    reading.push(performance.now() - t0);
    t0 = performance.now();
    await checkBank(bytes);
    checking.push(performance.now() - t0);
  }
  const figures = {
    bytes: bytes.length,
    floor: median(floor),
    reading: median(reading),
    checking: median(checking),
    kept: first.questions.length,
    skipped: first.skipped.length,
    before,
    peak,
  };
  console.log(JSON.stringify(figures));
}

async function throughServer(bytes: Buffer) {
  const { startBenchApp } = await import('./support/load');
  const { insertCourse } = await import('../server/test/courses');
  const { buildAndLogin } = await import('../server/test/factories');
  const bench = await startBenchApp();
  try {
    const { user, headers } = await buildAndLogin(bench.app, { userType: 'teacher' });
    const course = await insertCourse(bench.app, user.id);
    const timings: { preview: number[]; importing: number[] } = { preview: [], importing: [] };
    let imported = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const quiz = await fetch(`${bench.base}/api/quizzes/of-course/${course.id}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Bank ${round}`,
          timeLimitMinutes: 0,
          attemptsAllowed: 0,
          passPercent: 50,
        }),
      }).then((response) => response.json() as Promise<{ id: string }>);
      const form = () => new FormData();
      const file = new Blob([new Uint8Array(bytes)], { type: 'application/xml' });
      let t0 = performance.now();
      const previewForm = form();
      previewForm.append('file', file, 'bank.xml');
      const preview = await fetch(`${bench.base}/api/quizzes/${quiz.id}/questions/import/preview`, {
        method: 'POST',
        headers,
        body: previewForm,
      });
      const previewed = (await preview.json()) as { digest: string; questions: unknown[] };
      timings.preview.push(performance.now() - t0);
      if (!preview.ok) throw new Error(`preview ${preview.status}`);
      t0 = performance.now();
      const importForm = form();
      importForm.append('digest', previewed.digest);
      importForm.append('leaveOut', '');
      importForm.append('file', file, 'bank.xml');
      const done = await fetch(`${bench.base}/api/quizzes/${quiz.id}/questions/import/bank`, {
        method: 'POST',
        headers,
        body: importForm,
      });
      const report = (await done.json()) as { imported: number };
      timings.importing.push(performance.now() - t0);
      if (!done.ok) throw new Error(`import ${done.status}`);
      imported = report.imported;
    }
    return { preview: median(timings.preview), importing: median(timings.importing), imported };
  } finally {
    await bench.stop();
  }
}

async function main() {
  if (process.argv.includes('--child')) return readInProcess();
  const child = execFileSync(
    process.execPath,
    [...process.execArgv, import.meta.filename, String(QUESTIONS), String(ROUNDS), '--child'],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  const read = JSON.parse(child.trim().split('\n').pop() as string);
  console.log(
    `file: ${QUESTIONS} questions, ${(read.bytes / 1024 / 1024).toFixed(1)} MB; median of ${ROUNDS} rounds`,
  );
  console.log(`saxes alone over the file (the floor)        ${read.floor.toFixed(0)} ms`);
  console.log(`readBank (Moodle's rules)                    ${read.reading.toFixed(0)} ms`);
  console.log(
    `checkBank (read + schema + pictures sniffed) ${read.checking.toFixed(0)} ms  → ${read.kept} kept, ${read.skipped} left out; ${(read.kept / (read.checking / 1000)).toFixed(0)} questions/s`,
  );
  console.log(
    `peak RSS of one preview's reading            ${mb(read.peak)} (the process before it: ${mb(read.before)})`,
  );
  const server = await throughServer(moodleBank(QUESTIONS));
  const { QUIZ_LIMITS } = await import('../common/quizzes');
  console.log(`POST …/import/preview (upload, read, check, JSON)  ${server.preview.toFixed(0)} ms`);
  console.log(
    `POST …/import/bank (read again, save ${server.imported} = a quiz's limit of ${QUIZ_LIMITS.questionsPerQuiz}, pictures stored)  ${server.importing.toFixed(0)} ms`,
  );
}

if (process.argv[1] === import.meta.filename) await main();
