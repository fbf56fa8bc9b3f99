import type { CourseExportFormat } from '../../../common/contracts/course-export';

/** The package's own words, from server/i18n/<locale>/course-export.json; the page picks by the short name. */
export const UI_KEYS = [
  'server.course-export.ui.lessons',
  'server.course-export.ui.packageRules',
  'server.course-export.ui.lesson',
  'server.course-export.ui.watched',
  'server.course-export.ui.notWatched',
  'server.course-export.ui.progress',
  'server.course-export.ui.quiz',
  'server.course-export.ui.passMark',
  'server.course-export.ui.marks',
  'server.course-export.ui.answer',
  'server.course-export.ui.submit',
  'server.course-export.ui.score',
  'server.course-export.ui.passed',
  'server.course-export.ui.notPassed',
  'server.course-export.ui.right',
  'server.course-export.ui.wrong',
  'server.course-export.ui.notGraded',
  'server.course-export.ui.fileNotHere',
  'server.course-export.ui.true',
  'server.course-export.ui.false',
  'server.course-export.ui.material',
  'server.course-export.ui.faq',
  'server.course-export.ui.noLms',
  'server.course-export.ui.madeWith',
] as const;

/** A question as the page grades it: the right answers are in the package (decision 077, its honesty limit). */
export interface PackageQuestion {
  type: string;
  prompt: string;
  images: { src: string; alt: string }[];
  options: { id: string; text: string }[];
  correct: string[];
  accepted: string[];
  marks: number;
  negativeMarks: number;
  explanation: string;
}

/** Everything the launch page shows, embedded in it as JSON (no fetch: it must work from file:// too). */
export interface PackageData {
  format: CourseExportFormat;
  lang: 'en' | 'hi';
  languageName: string;
  title: string;
  description: string;
  /** What the reported score must reach to pass (see build.ts for how it is chosen). */
  passPercent: number;
  lessons: {
    title: string;
    video: string;
    captions: string | null;
    poster: string | null;
    duration: number;
  }[];
  quizzes: { title: string; instructions: string; passPercent: number; questions: PackageQuestion[] }[];
  materials: { title: string; href: string }[];
  faqs: { question: string; answer: string }[];
  strings: Record<string, string>;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON safe inside a <script> element: no "</script>" or "<!--" can end it early. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function launchPage(data: PackageData): string {
  return `<!doctype html>
<html lang="${data.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(data.title)}</title>
<link rel="stylesheet" href="player.css">
</head>
<body>
<main id="app"></main>
<script type="application/json" id="gurukul-course">${scriptJson(data)}</script>
<script src="player.js"></script>
</body>
</html>
`;
}
