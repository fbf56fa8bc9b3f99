/**
 * Guru answers with the local providers: trains a guru over a geometry course made for the bench (four
 * captioned videos, 44 topics of 36 s each → 44 caption passages), then asks 32 on-topic questions (each
 * with the topic that answers it), 10 held-out phrasings written after tuning, and 9 off-topic ones through prepareAnswer(), as the ask route does.
 * Reports retrieval hit@1/hit@3, the share of answers whose first citation is the right video moment,
 * not-covered precision/recall, and p50/p95 time to the first answer text and to the first audio (the first
 * sentence synthesised with espeak-ng, as the local speaker does).
 *
 *   node_modules/.bin/tsx bench/guru-answers.ts [rounds=3]
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { prepareAnswer } from '../server/modules/gurus/answering';
import { retrievePassages } from '../server/modules/gurus/retrieval';
import { buildUser } from '../server/test/factories';
import { HELD_OUT, OFF_TOPIC, QUESTIONS } from '../server/test/fixtures/geometry-course';
import { buildGeometryGuru } from '../server/test/fixtures/guru-training';
import { startBenchApp } from './support/load';

const rounds = Number(process.argv[2] ?? 3);
const { app, stop } = await startBenchApp();

const teacher = await buildUser(app, { userType: 'teacher' });
const trainStarted = performance.now();
const built = await buildGeometryGuru(app, teacher.id);
const trainMs = performance.now() - trainStarted;

/** espeak-ng's whole WAV for a sentence (what POST /speech answers with the local speaker). */
function speak(sentence: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('espeak-ng', ['--stdout', '-v', 'en-us', sentence]);
    let bytes = 0;
    child.stdout.on('data', (part: Buffer) => {
      bytes += part.length;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(bytes) : reject(new Error(`espeak-ng exited ${code}`)),
    );
  });
}

const firstText: number[] = [];
const firstAudio: number[] = [];
let hit1 = 0;
let hit3 = 0;
let rightCitation = 0;
let onTopicNotCovered = 0;
let offTopicNotCovered = 0;

for (let round = 0; round < rounds; round += 1) {
  for (const { question, topic } of QUESTIONS) {
    const expected = built.topicAt.get(topic);
    const isExpected = (item: { videoId: string | null; startSeconds: number | null }) =>
      item.videoId === expected?.videoId && item.startSeconds === expected?.startSeconds;

    const asked = performance.now();
    const prepared = await prepareAnswer(app, built.guru, question, []);
    let text = '';
    let textAt = 0;
    let audioAt = 0;
    for await (const delta of prepared.stream) {
      if (!textAt) textAt = performance.now();
      text += delta;
      const sentence = /^(.+?[.!?])(\s|$)/.exec(text);
      if (!audioAt && sentence) {
        await speak(sentence[1]);
        audioAt = performance.now();
      }
    }
    if (!audioAt) {
      await speak(text);
      audioAt = performance.now();
    }
    firstText.push(textAt - asked);
    firstAudio.push(audioAt - asked);
    if (round > 0) continue;
    if (prepared.notCovered) onTopicNotCovered += 1;
    if (prepared.citations[0] && isExpected(prepared.citations[0])) rightCitation += 1;
    const passages = await retrievePassages(app, built.guru.id, question);
    if (passages[0] && isExpected(passages[0])) hit1 += 1;
    if (passages.slice(0, 3).some(isExpected)) hit3 += 1;
    else
      console.log(
        `miss: ${question} → ${passages.map((p) => `${p.title}@${p.startSeconds}`).join(', ') || 'nothing'}`,
      );
  }
}
let heldHit3 = 0;
let heldCited = 0;
for (const { question, topic } of HELD_OUT) {
  const expected = built.topicAt.get(topic);
  const isExpected = (item: { videoId: string | null; startSeconds: number | null }) =>
    item.videoId === expected?.videoId && item.startSeconds === expected?.startSeconds;
  const passages = await retrievePassages(app, built.guru.id, question);
  if (passages.slice(0, 3).some(isExpected)) heldHit3 += 1;
  else
    console.log(
      `held-out miss: ${question} → ${passages.map((p) => `${p.title}@${p.startSeconds}`).join(', ') || 'nothing'}`,
    );
  const prepared = await prepareAnswer(app, built.guru, question, []);
  if (prepared.notCovered) onTopicNotCovered += 1;
  if (prepared.citations[0] && isExpected(prepared.citations[0])) heldCited += 1;
}
for (const question of OFF_TOPIC) {
  const prepared = await prepareAnswer(app, built.guru, question, []);
  if (prepared.notCovered) offTopicNotCovered += 1;
  else console.log(`answered off-topic: ${question} → ${prepared.citations[0]?.excerpt}`);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const share = (count: number, total: number) => `${count}/${total} (${((count / total) * 100).toFixed(0)}%)`;
const notCoveredAnswers = onTopicNotCovered + offTopicNotCovered;

console.log(
  `training: 4 videos, ${QUESTIONS.length} questions, ${OFF_TOPIC.length} off-topic; trained in ${ms(trainMs)}`,
);
console.log(`retrieval hit@1: ${share(hit1, QUESTIONS.length)}`);
console.log(`retrieval hit@3: ${share(hit3, QUESTIONS.length)}`);
console.log(`answers citing the right video moment first: ${share(rightCitation, QUESTIONS.length)}`);
console.log(
  `held-out phrasings: hit@3 ${share(heldHit3, HELD_OUT.length)}, right citation first ${share(heldCited, HELD_OUT.length)}`,
);
console.log(`off-topic answered "not covered" (recall): ${share(offTopicNotCovered, OFF_TOPIC.length)}`);
console.log(
  `"not covered" precision: ${notCoveredAnswers ? share(offTopicNotCovered, notCoveredAnswers) : 'n/a'} (on-topic wrongly refused: ${onTopicNotCovered})`,
);
console.log(
  `first text  (${firstText.length} answers): p50 ${ms(percentile(firstText, 50))}, p95 ${ms(percentile(firstText, 95))}`,
);
console.log(
  `first audio (${firstAudio.length} answers): p50 ${ms(percentile(firstAudio, 50))}, p95 ${ms(percentile(firstAudio, 95))}`,
);

await stop();
