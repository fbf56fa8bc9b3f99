/** Links between the quiz pages (the pages read these query parameters). */

export const addQuizPath = (courseId: string, quizId?: string) =>
  quizId ? `/add-quiz?courseId=${courseId}&quizId=${quizId}` : `/add-quiz?courseId=${courseId}`;

export const viewQuizPath = (courseId: string, quizId: string) =>
  `/view-quiz?quizId=${quizId}&courseId=${courseId}`;

/** /preview-quiz is built with quiz taking; mode=author lets the author try the working version. */
export const previewQuizPath = (courseId: string, quizId: string) =>
  `/preview-quiz?quizId=${quizId}&courseId=${courseId}&mode=author`;

export const wizardQuizStepPath = (courseId: string) => `/add-course-list?courseId=${courseId}&step=quiz`;
